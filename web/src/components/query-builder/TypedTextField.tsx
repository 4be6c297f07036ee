import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { fromText, parseList, toText } from './values';
import { useReportInvalid } from './invalid-inputs';
import type { Parsed, TextKind } from './values';

interface Props {
  label: string;
  /** How the text is read; 'list' is a JSON array. */
  kind: TextKind | 'list';
  value: unknown;
  onChange: (value: unknown) => void;
  /** Reads the text instead of `kind`'s reader, e.g. a list whose items must fit a field type. */
  read?: (text: string) => Parsed;
}

/**
 * A text box for a typed value: the text is kept as typed, and only a value that reads as its
 * type is passed on; otherwise the box says what is expected.
 */
export function TypedTextField({ label, kind, value, onChange, read: readText }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => (kind === 'list' ? JSON.stringify(value) : toText(kind, value)));
  const [error, setError] = useState<string>();
  useReportInvalid(error !== undefined);
  const read = (s: string): Parsed =>
    readText ? readText(s) : kind === 'list' ? parseList(s) : fromText(kind, s);
  return (
    <TextField
      size="small"
      label={label}
      value={text}
      type={kind === 'date' ? 'datetime-local' : kind === 'number' ? 'number' : 'text'}
      error={error !== undefined}
      helperText={error}
      onChange={(e) => {
        setText(e.target.value);
        const r = read(e.target.value);
        setError(r.ok ? undefined : t(`query.errors.${r.error}`, r.params));
        if (r.ok) onChange(r.value);
      }}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: kind === 'date' ? { step: 0.001 } : { spellCheck: false },
      }}
      sx={{ minWidth: 180, flex: 1 }}
    />
  );
}
