import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { useChangeMembers, useRoleUsers } from '../api/members';
import { UserSearchPicker } from '../../../components/acl/UserSearchPicker';

/** The users in the role's own `users` relation, with a picker to add and a button to remove. */
export function RoleUsers({
  app,
  roleId,
  roleName,
  readOnly,
}: {
  app: string;
  roleId: string;
  roleName: string;
  /** No picker and no remove buttons, for console roles without roles.write. */
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const users = useRoleUsers(app, roleId);
  const change = useChangeMembers(app, roleId);
  const members = users.data ?? [];

  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {t('rolesPage.detail.usersHelp')}
      </Typography>
      {!readOnly && (
        <UserSearchPicker
          app={app}
          label={t('rolesPage.detail.addUser')}
          disabled={change.isPending}
          onPick={(user) => {
            if (!members.some((m) => m.objectId === user.objectId))
              change.mutate({ field: 'users', op: 'AddRelation', objectId: user.objectId });
          }}
        />
      )}
      {change.error && <ErrorAlert error={change.error} />}
      {users.error && <ErrorAlert error={users.error} onRetry={() => void users.refetch()} />}
      {users.isPending && <LoadingState />}
      {users.data && members.length === 0 && (
        <Typography color="text.secondary">{t('rolesPage.detail.noUsers')}</Typography>
      )}
      {members.length > 0 && (
        <List dense aria-label={t('rolesPage.detail.usersOf', { role: roleName })}>
          {members.map((user) => (
            <ListItem
              key={user.objectId}
              secondaryAction={
                readOnly ? undefined : (
                  <IconButton
                    edge="end"
                    aria-label={t('rolesPage.detail.removeUser', { name: user.username, role: roleName })}
                    disabled={change.isPending}
                    onClick={() =>
                      change.mutate({ field: 'users', op: 'RemoveRelation', objectId: user.objectId })
                    }
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                )
              }
            >
              <ListItemText primary={user.username} secondary={user.objectId} />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
