import { createContext, useCallback, useContext, useEffect, useId, useState } from 'react';

type Report = (id: string, invalid: boolean) => void;

/** Lets the query dialog know that some input holds text that is not a value (so Apply waits). */
export const InvalidInputsContext = createContext<Report>(() => undefined);

/** The dialog's side: which inputs are invalid now. */
export function useInvalidInputs(): { anyInvalid: boolean; report: Report } {
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const report = useCallback<Report>((id, bad) => {
    setInvalid((current) => {
      if (current.has(id) === bad) return current;
      const next = new Set(current);
      if (bad) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  return { anyInvalid: invalid.size > 0, report };
}

/** An input's side: reports while mounted; a removed input no longer counts. */
export function useReportInvalid(invalid: boolean): void {
  const id = useId();
  const report = useContext(InvalidInputsContext);
  useEffect(() => {
    report(id, invalid);
    return () => report(id, false);
  }, [id, invalid, report]);
}
