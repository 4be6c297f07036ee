import { useState } from 'react';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { useDirectRoles } from '../api/members';
import type { UserSummary } from '../api/members';
import { rolesOfUser } from '../utils/effective-roles';
import type { RoleGraph } from '../utils/graph';
import { ObjectAccess } from './ObjectAccess';
import { UserSearchPicker } from '../../../components/acl/UserSearchPicker';

/** A user's roles, direct and inherited with the chain that gives each, and its access to an object. */
export function EffectiveAccess({ app, graph }: { app: string; graph: RoleGraph }) {
  const { t } = useTranslation();
  const [user, setUser] = useState<UserSummary | undefined>();
  const direct = useDirectRoles(app, user?.objectId);
  const held = direct.data ? rolesOfUser(graph, direct.data) : [];

  return (
    <Stack spacing={2}>
      <UserSearchPicker app={app} label={t('rolesPage.access.user')} onPick={setUser} />
      {!user && <Typography color="text.secondary">{t('rolesPage.access.pickUser')}</Typography>}
      {user && direct.error && <ErrorAlert error={direct.error} onRetry={() => void direct.refetch()} />}
      {user && direct.isPending && <LoadingState />}
      {user && direct.data && (
        <>
          <Typography variant="subtitle1" component="h3">
            {t('rolesPage.access.rolesOf', { user: user.username })}
          </Typography>
          {held.length === 0 ? (
            <Typography color="text.secondary">
              {t('rolesPage.access.noRoles', { user: user.username })}
            </Typography>
          ) : (
            <List dense aria-label={t('rolesPage.access.rolesOf', { user: user.username })}>
              {held.map((role) => (
                <ListItem key={role.objectId} disableGutters>
                  <ListItemText
                    primary={role.name}
                    secondary={
                      role.direct
                        ? t('rolesPage.access.directMember')
                        : t('rolesPage.access.inherited', { path: role.path.join(' → ') })
                    }
                  />
                </ListItem>
              ))}
            </List>
          )}
          <ObjectAccess app={app} userId={user.objectId} roles={held} />
        </>
      )}
    </Stack>
  );
}
