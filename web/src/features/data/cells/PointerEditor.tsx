import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { StoredObject } from '@switchboard/shared';
import { isPlainObject } from '@switchboard/shared';
import { useSchemas } from '../api/get-schemas';
import { parsePointer } from '../editing/codec';
import { ok } from '../editing/json-text';
import { stringFieldsOf } from '../../../lib/search';
import type { EditorProps } from './editor-types';
import { useObjectSearch } from './use-object-search';

/** What an option shows: its objectId and the first text field it has. */
function describe(obj: StoredObject, fields: string[]): string {
  const text = fields.map((f) => obj[f]).find((v) => typeof v === 'string');
  return typeof text === 'string' ? `${obj.objectId} · ${text}` : obj.objectId;
}

/** Picks the target object by searching its class; a known objectId can also be typed as is. */
export function PointerEditor({ app, column, value, onChange, optional }: EditorProps) {
  const { t } = useTranslation();
  const className = column.className;
  const start = isPlainObject(value) && typeof value.objectId === 'string' ? value.objectId : '';
  const [input, setInput] = useState(start);
  const schemas = useSchemas(app);
  const fields = stringFieldsOf(className ? schemas.data?.[className] : undefined);
  const search = useObjectSearch(app, className, input, fields);
  const options = search.data?.results ?? [];

  const choose = (objectId: string) => {
    setInput(objectId);
    onChange(optional && objectId.trim() === '' ? ok(undefined) : parsePointer(objectId, className));
  };

  return (
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
        />
      )}
    />
  );
}
