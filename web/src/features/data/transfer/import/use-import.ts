import { useCallback, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReportedField } from '@switchboard/shared';
import { classKeys } from '../../api/keys';
import { defaultMapping, prepareRows } from './coerce';
import type { ColumnMapping } from './coerce';
import { parseImportFile } from './parse-file';
import type { ParsedFile } from './parse-file';
import { runImport } from './run-import';
import type { ImportOutcome, ImportProgress } from './run-import';

/** A file's text as UTF-8 (FileReader: older engines and jsdom lack Blob.text). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });
}

export type ImportRun =
  | { phase: 'ready' }
  | { phase: 'running'; progress: ImportProgress }
  | { phase: 'finished'; outcome: ImportOutcome };

/** A file chosen, read, mapped to fields, checked, and then written in batches with cancel. */
export function useImport(app: string, className: string, fields: Record<string, ReportedField>) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<{ name: string; parsed: ParsedFile } | null>(null);
  const [parseError, setParseError] = useState<{ name: string; message: string } | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [run, setRun] = useState<ImportRun>({ phase: 'ready' });
  const abort = useRef<AbortController | null>(null);

  const prepared = useMemo(
    () => (file ? prepareRows(file.parsed.rows, mapping, fields) : []),
    [file, mapping, fields],
  );

  const choose = useCallback(async (f: File) => {
    const text = await readText(f);
    const out = parseImportFile(f.name, text);
    setRun({ phase: 'ready' });
    if (!out.ok) {
      setFile(null);
      setParseError({ name: f.name, message: out.message });
      return;
    }
    setParseError(null);
    setFile({ name: f.name, parsed: out.file });
    setMapping(defaultMapping(out.file.columns));
  }, []);

  const start = useCallback(() => {
    const stop = new AbortController();
    abort.current = stop;
    setRun({ phase: 'running', progress: { done: 0, total: prepared.length } });
    void runImport(app, className, prepared, stop.signal, (progress) =>
      setRun({ phase: 'running', progress }),
    )
      .then(
        (outcome) => setRun({ phase: 'finished', outcome }),
        (e: unknown) =>
          setRun({
            phase: 'finished',
            outcome: { created: 0, updated: 0, cancelled: false, failures: [{ row: 0, message: String(e) }] },
          }),
      )
      .finally(() => {
        // Whatever was written shows in the grid, its count and the class list's fields.
        void queryClient.invalidateQueries({ queryKey: classKeys.all(app) });
      });
  }, [app, className, prepared, queryClient]);

  const cancel = useCallback(() => abort.current?.abort(), []);

  return { file, parseError, mapping, setMapping, prepared, run, choose, start, cancel };
}
