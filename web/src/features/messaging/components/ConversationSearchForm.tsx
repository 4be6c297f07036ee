import { useState } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { CONV_KINDS } from '../utils/kinds';
import type { ConvKind } from '../utils/kinds';
import { isSearchField, SEARCH_FIELDS } from '../utils/search';
import type { SearchField } from '../utils/search';

/**
 * The conversations list's filters: the kind applies at once; the field and the term apply on
 * Search. The URL holds what is applied, the form what is picked and typed: the router commits a
 * navigation later, so a search sent right after picking a field must not read the field from the
 * URL. `children` go at the row's far end (the page's own actions).
 */
export function ConversationSearchForm({
  kind,
  field,
  term,
  onChange,
  children,
}: {
  kind: ConvKind | '';
  field: SearchField;
  term: string;
  onChange: (next: Record<string, string>) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(term);
  const [by, setBy] = useState(field);
  // Back, forward or a link changes the URL: the form shows what the URL now searches for.
  const [shown, setShown] = useState({ field, term });
  if (shown.field !== field || shown.term !== term) {
    setShown({ field, term });
    setBy(field);
    setTyped(term);
  }
  return (
    <Stack
      component="form"
      direction="row"
      spacing={2}
      useFlexGap
      sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}
      onSubmit={(e) => {
        e.preventDefault();
        onChange({ by, q: typed.trim() });
      }}
    >
      <TextField
        select
        size="small"
        label={t('messaging.conversations.kind')}
        value={kind}
        onChange={(e) => onChange({ kind: e.target.value })}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="">{t('messaging.kinds.all')}</MenuItem>
        {CONV_KINDS.map((k) => (
          <MenuItem key={k} value={k}>
            {t(`messaging.kinds.${k}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('messaging.conversations.searchBy')}
        value={by}
        onChange={(e) => {
          if (isSearchField(e.target.value)) setBy(e.target.value);
        }}
        sx={{ minWidth: 150 }}
      >
        {SEARCH_FIELDS.map((f) => (
          <MenuItem key={f} value={f}>
            {t(`messaging.conversations.searchFields.${f}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="search"
        label={t('messaging.conversations.term')}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
      <Button type="submit" variant="outlined">
        {t('messaging.conversations.search')}
      </Button>
      <Box sx={{ flex: 1 }} />
      {children}
    </Stack>
  );
}
