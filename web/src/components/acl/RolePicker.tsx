import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ROLE_NAME, ROLE_PREFIX } from './acl';
import { useRoleSearch, useRolesNamed } from './api';

/**
 * A role chosen from the app's roles by name. A name no role has can still be added (a role may
 * be created later), but only after a warning, with the name differing only in case offered:
 * `moderators` grants nothing when the role is `Moderators`.
 */
export function RolePicker({ app, onAdd }: { app: string; onAdd: (name: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const name = text.trim().startsWith(ROLE_PREFIX) ? text.trim().slice(ROLE_PREFIX.length) : text.trim();
  const search = useRoleSearch(app, name, open || name !== '');
  const named = useRolesNamed(app, name ? [name] : []);
  const checked = named.data !== undefined || (name !== '' && named.isError);
  const exists = named.data?.includes(name) ?? false;
  const similar = named.data?.find((n) => n !== name);
  const unknown = name !== '' && checked && !exists;
  const invalid = name !== '' && !ROLE_NAME.test(name);

  const add = (role: string) => {
    onAdd(role);
    setText('');
  };

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1}>
        <Autocomplete
          freeSolo
          sx={{ flex: 1 }}
          size="small"
          options={search.data ?? []}
          filterOptions={(o) => o}
          open={open}
          onOpen={() => setOpen(true)}
          onClose={() => setOpen(false)}
          inputValue={text}
          onInputChange={(_, v, reason) => {
            if (reason !== 'reset') setText(v);
          }}
          onChange={(_, v) => setText(v ?? '')}
          value={null}
          noOptionsText={t('acl.noRoleMatch')}
          renderInput={(params) => <TextField {...params} label={t('edit.aclRole')} />}
        />
        <Button disabled={name === '' || invalid || !checked} onClick={() => add(name)}>
          {unknown ? t('acl.addAnyway') : t('edit.aclAdd')}
        </Button>
      </Stack>
      {invalid && <Alert severity="error">{t('acl.invalidRole')}</Alert>}
      {unknown && (
        <Alert
          severity="warning"
          action={
            similar && (
              <Button color="inherit" size="small" onClick={() => add(similar)}>
                {t('acl.useSimilar', { name: similar })}
              </Button>
            )
          }
        >
          {similar ? t('acl.unknownRoleSimilar', { name, similar }) : t('acl.unknownRole', { name })}
        </Alert>
      )}
    </Stack>
  );
}
