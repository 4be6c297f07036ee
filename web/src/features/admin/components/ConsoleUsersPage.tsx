import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ConsoleUserRecord } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { useConsoleUsers } from '../api/console-users';
import { AddUserDialog } from './AddUserDialog';
import { EditRolesDialog } from './EditRolesDialog';
import { UserActionDialog } from './UserActionDialog';
import type { UserAction } from './UserActionDialog';
import { UsersTable } from './UsersTable';

/** Who may use this console, with what role, and the admin's levers on each account. */
export function ConsoleUsersPage() {
  const { t } = useTranslation();
  const users = useConsoleUsers();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ConsoleUserRecord | null>(null);
  const [acting, setActing] = useState<{ user: ConsoleUserRecord; action: UserAction } | null>(null);

  return (
    <Box sx={{ p: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t('admin.users.title')}
        </Typography>
        <Button variant="contained" onClick={() => setAdding(true)}>
          {t('admin.users.add')}
        </Button>
      </Stack>
      {users.error && <ErrorAlert error={users.error} onRetry={() => void users.refetch()} />}
      {users.isPending && <LoadingState />}
      {users.data && (
        <UsersTable
          users={users.data}
          onEditRoles={setEditing}
          onAction={(user, action) => setActing({ user, action })}
        />
      )}
      <AddUserDialog open={adding} onClose={() => setAdding(false)} />
      {editing && <EditRolesDialog key={editing.id} user={editing} onClose={() => setEditing(null)} />}
      {acting && <UserActionDialog {...acting} onClose={() => setActing(null)} />}
    </Box>
  );
}
