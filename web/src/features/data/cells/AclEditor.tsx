import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { aclSchema } from '@switchboard/shared';
import type { Acl } from '@switchboard/shared';
import { AclEditor as AclRowsEditor } from '../../../components/acl/AclEditor';
import { ok } from '../editing/json-text';
import type { EditorProps } from './editor-types';
import { useObjectSearch } from './use-object-search';

const USER_FIELDS = ['username'];

function UserPicker({ app, onPick }: { app: string; onPick: (objectId: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useObjectSearch(app, '_User', text, USER_FIELDS);
  return (
    <Autocomplete
      sx={{ flex: 1 }}
      size="small"
      options={search.data?.results ?? []}
      filterOptions={(o) => o}
      getOptionLabel={(o) => (typeof o.username === 'string' ? `${o.username} (${o.objectId})` : o.objectId)}
      inputValue={text}
      onInputChange={(_, v) => setText(v)}
      onChange={(_, o) => {
        if (o) onPick(o.objectId);
        setText('');
      }}
      value={null}
      noOptionsText={t('edit.noMatches')}
      renderInput={(params) => <TextField {...params} label={t('edit.aclUserSearch')} />}
    />
  );
}

/** The grid's ACL editor: the shared one, with a value checked to be an ACL and a user search. */
export function AclEditor({ app, value, onChange }: EditorProps) {
  const start = aclSchema.safeParse(value);
  return (
    <AclRowsEditor
      value={start.success ? start.data : undefined}
      onChange={(acl) => onChange(ok<Acl>(acl))}
      userPicker={(onPick) => <UserPicker app={app} onPick={onPick} />}
    />
  );
}
