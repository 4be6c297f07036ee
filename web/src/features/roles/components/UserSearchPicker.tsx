import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useUserSearch } from '../api/members';
import type { UserSummary } from '../api/members';

/** Finds a user by username prefix or objectId and reports the one picked. */
export function UserSearchPicker({
  app,
  label,
  onPick,
  disabled,
}: {
  app: string;
  label: string;
  onPick: (user: UserSummary) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useUserSearch(app, text);
  return (
    <Autocomplete
      sx={{ flex: 1, minWidth: 240 }}
      size="small"
      disabled={disabled}
      options={search.data ?? []}
      filterOptions={(o) => o}
      getOptionLabel={(o) => `${o.username} (${o.objectId})`}
      isOptionEqualToValue={(a, b) => a.objectId === b.objectId}
      inputValue={text}
      onInputChange={(_, v, reason) => {
        if (reason !== 'reset') setText(v);
      }}
      onChange={(_, o) => {
        if (o) onPick(o);
        setText('');
      }}
      value={null}
      loading={search.isFetching}
      noOptionsText={t('rolesPage.noUserMatch')}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
