import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { StoredObject } from '@switchboard/shared';
import { isPlainObject } from '@switchboard/shared';
import { useSchemas } from '../api/get-schemas';
import { parsePointer } from '../editing/codec';
import { ok } from '../editing/json-text';
import type { Parsed } from '../editing/json-text';
import { checkedPointer, usePointerTarget } from '../editing/pointer-target';
import { stringFieldsOf } from '../../../lib/search';
import type { EditorProps } from './editor-types';
import { useParseErrorMessage } from './ParseErrorText';
import { useObjectSearch } from './use-object-search';

/** What an option shows: its objectId and the first text field it has. */
function describe(obj: StoredObject, fields: string[]): string {
  const text = fields.map((f) => obj[f]).find((v) => typeof v === 'string');
  return typeof text === 'string' ? `${obj.objectId} · ${text}` : obj.objectId;
}

/** Calls `onChange` whenever the outcome changes, also when it changes on its own (a check landing). */
function useReport(onChange: EditorProps['onChange'], result: Parsed<unknown>) {
  const latest = useRef(onChange);
  useLayoutEffect(() => {
    latest.current = onChange;
  });
  const key = JSON.stringify(result);
  useEffect(() => latest.current(JSON.parse(key) as Parsed<unknown>), [key]);
}

/**
 * Picks the target object by searching its class; a known objectId can also be typed as is. The
 * target is looked up before the pointer counts as valid: one to an object that is not there is
 * kept only once the person confirms it.
 */
export function PointerEditor({ app, column, value, onChange, optional }: EditorProps) {
  const { t } = useTranslation();
  const message = useParseErrorMessage();
  const className = column.className;
  const start = isPlainObject(value) && typeof value.objectId === 'string' ? value.objectId : '';
  const [input, setInput] = useState(start);
  const [confirmed, setConfirmed] = useState(false);
  const schemas = useSchemas(app);
  const fields = stringFieldsOf(className ? schemas.data?.[className] : undefined);
  const search = useObjectSearch(app, className, input, fields);
  const options = search.data?.results ?? [];

  const parsed = optional && input.trim() === '' ? undefined : parsePointer(input, className);
  const target = usePointerTarget(app, parsed?.ok ? parsed.value : undefined);
  const result = parsed === undefined ? ok(undefined) : checkedPointer(parsed, target.state, confirmed);
  useReport(onChange, result);
  const doubtful = target.state === 'missing' || target.state === 'unchecked';

  const choose = (objectId: string) => {
    setInput(objectId);
    setConfirmed(false);
  };

  return (
    <Stack spacing={1}>
      <Autocomplete
        freeSolo
        options={options}
        filterOptions={(o) => o}
        getOptionLabel={(o) => (typeof o === 'string' ? o : o.objectId)}
        renderOption={(props, o) => (
          <li {...props} key={o.objectId}>
            {describe(o, fields)}
          </li>
        )}
        inputValue={input}
        onInputChange={(_, text, reason) => {
          if (reason === 'input' || reason === 'clear') choose(text);
        }}
        onChange={(_, o) => choose(typeof o === 'string' ? o : (o?.objectId ?? ''))}
        noOptionsText={t('edit.noMatches')}
        loading={search.isFetching}
        renderInput={(params) => (
          <TextField
            {...params}
            autoFocus={!optional}
            label={t('edit.targetSearch', { className: className ?? '' })}
            error={!result.ok && !doubtful && input.trim() !== ''}
            helperText={result.ok ? ' ' : input.trim() === '' ? ' ' : message(result.error)}
          />
        )}
      />
      {parsed?.ok && doubtful && (
        <FormControlLabel
          control={<Checkbox checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />}
          label={t('edit.pointerConfirm')}
        />
      )}
    </Stack>
  );
}
