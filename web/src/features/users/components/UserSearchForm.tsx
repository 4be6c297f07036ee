import { useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { SEARCH_FIELDS } from '../utils/search';
import type { SearchField, UserSearch } from '../utils/search';

/** The search box and the field it looks in; searching happens on submit, not on every key. */
export function UserSearchForm({
  value,
  onSearch,
}: {
  value: UserSearch;
  onSearch: (s: UserSearch) => void;
}) {
  const { t } = useTranslation();
  const [term, setTerm] = useState(value.term);
  const [by, setBy] = useState<SearchField>(value.by);
  return (
    <Stack
      component="form"
      role="search"
      aria-label={t('users.search.label')}
      direction="row"
      spacing={1}
      sx={{ mb: 2, alignItems: 'center' }}
      onSubmit={(e) => {
        e.preventDefault();
        onSearch({ term, by });
      }}
    >
      <TextField
        label={t('users.search.term')}
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        size="small"
        sx={{ flex: 1, maxWidth: 420 }}
      />
      <TextField
        select
        label={t('users.search.by')}
        value={by}
        onChange={(e) => setBy(e.target.value as SearchField)}
        size="small"
        sx={{ minWidth: 180 }}
      >
        {SEARCH_FIELDS.map((f) => (
          <MenuItem key={f} value={f}>
            {t(`users.search.fields.${f}`)}
          </MenuItem>
        ))}
      </TextField>
      <Button type="submit" variant="contained">
        {t('users.search.submit')}
      </Button>
    </Stack>
  );
}
