import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { parseBytes, parseFile, parseJsonOf, parseNumber, valueToText } from '../editing/codec';
import { ok, parseJsonText, prettyJson } from '../editing/json-text';
import type { Parsed } from '../editing/json-text';
import type { EditorProps } from './editor-types';
import { useParseErrorMessage } from './ParseErrorText';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 };

export interface DraftFieldProps extends EditorProps {
  label: string;
  initial: string;
  parse: (text: string) => Parsed<unknown>;
  multiline?: boolean;
  monospace?: boolean;
}

/** A text input whose every change is parsed; the error, if any, shows under it. */
export function DraftField({
  label,
  initial,
  onChange,
  multiline,
  monospace,
  optional,
  ...props
}: DraftFieldProps) {
  const parse = (text: string) => (optional && text.trim() === '' ? ok(undefined) : props.parse(text));
  const [text, setText] = useState(initial);
  const [result, setResult] = useState(() => parse(initial));
  const message = useParseErrorMessage();
  const change = (next: string) => {
    const parsed = parse(next);
    setText(next);
    setResult(parsed);
    onChange(parsed);
  };
  return (
    <TextField
      label={label}
      value={text}
      onChange={(e) => change(e.target.value)}
      multiline={multiline}
      minRows={multiline ? 6 : undefined}
      maxRows={20}
      fullWidth
      autoFocus={!optional}
      error={!result.ok}
      helperText={result.ok ? ' ' : message(result.error)}
      slotProps={{ htmlInput: { spellCheck: false, style: monospace ? mono : undefined } }}
    />
  );
}

export function StringEditor(props: EditorProps) {
  const { t } = useTranslation();
  const initial = typeof props.value === 'string' ? props.value : '';
  return <DraftField {...props} label={t('edit.text')} initial={initial} parse={ok} multiline />;
}

export function NumberEditor(props: EditorProps) {
  const { t } = useTranslation();
  const initial = typeof props.value === 'number' ? String(props.value) : '';
  return <DraftField {...props} label={t('edit.number')} initial={initial} parse={parseNumber} />;
}

export function BytesEditor(props: EditorProps) {
  const { t } = useTranslation();
  const v = props.value as { base64?: unknown } | null | undefined;
  const initial = typeof v?.base64 === 'string' ? v.base64 : '';
  return (
    <DraftField
      {...props}
      label={t('edit.base64')}
      initial={initial}
      parse={parseBytes}
      multiline
      monospace
    />
  );
}

/** Array, Object, File, ACL as JSON, and any untyped field: a monospace JSON text. */
export function JsonEditor(props: EditorProps) {
  const { t } = useTranslation();
  const type = props.column.type;
  const parse =
    type === 'Array' || type === 'Object' || type === 'ACL'
      ? (text: string) => parseJsonOf(text, type)
      : type === 'File'
        ? parseFile
        : parseJsonText;
  const initial = props.value === undefined || props.value === null ? '' : prettyJson(props.value);
  const label = type === 'File' ? t('edit.fileJson') : t('edit.json');
  return <DraftField {...props} label={label} initial={initial} parse={parse} multiline monospace />;
}

export function BooleanEditor({ value, onChange, optional }: EditorProps) {
  const [current, setCurrent] = useState(typeof value === 'boolean' ? valueToText(value) : '');
  return (
    <RadioGroup
      row
      value={current}
      onChange={(e) => {
        setCurrent(e.target.value);
        onChange(ok(e.target.value === 'true'));
      }}
    >
      <FormControlLabel value="true" control={<Radio autoFocus={!optional} />} label="true" />
      <FormControlLabel value="false" control={<Radio />} label="false" />
    </RadioGroup>
  );
}
