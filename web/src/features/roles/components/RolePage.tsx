import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { paths } from '../../../lib/paths';
import { useAppPermission } from '../../../lib/session';
import { useRoleGraph } from '../api/role-graph';
import { parentsOf, toGraph } from '../utils/graph';
import { ChildRoles } from './ChildRoles';
import { DeleteRoleDialog } from './DeleteRoleDialog';
import { RoleAcl } from './RoleAcl';
import { RoleUsers } from './RoleUsers';
import { Section } from './Section';

/** One role: its users, the roles that inherit from it and those it inherits from. */
export function RolePage() {
  const { t } = useTranslation();
  const { app = '', objectId = '' } = useParams();
  const roles = useRoleGraph(app);
  const graph = useMemo(() => toGraph(roles.data ?? []), [roles.data]);
  const role = graph.get(objectId);
  const readOnly = !useAppPermission(app, 'roles.write');
  const parents = parentsOf(graph, objectId);
  const [deleting, setDeleting] = useState(false);

  return (
    <Box sx={{ p: 3 }}>
      <Link component={RouterLink} to={paths.area(app, 'roles')}>
        {t('rolesPage.detail.back')}
      </Link>
      {roles.error && <ErrorAlert error={roles.error} onRetry={() => void roles.refetch()} />}
      {roles.isPending && <LoadingState />}
      {roles.data && !role && (
        <Alert severity="warning">{t('rolesPage.detail.notFound', { id: objectId })}</Alert>
      )}
      {role && (
        <>
          <Stack direction="row" sx={{ alignItems: 'center', my: 2 }}>
            <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
              {t('rolesPage.detail.title', { name: role.name })}
            </Typography>
            {!readOnly && (
              <Button color="error" onClick={() => setDeleting(true)}>
                {t('rolesPage.delete.button')}
              </Button>
            )}
          </Stack>
          <Stack spacing={3}>
            <Section title={t('rolesPage.detail.users')}>
              <RoleUsers app={app} roleId={role.objectId} roleName={role.name} readOnly={readOnly} />
            </Section>
            <Section title={t('rolesPage.detail.children')}>
              <ChildRoles app={app} role={role} graph={graph} readOnly={readOnly} />
            </Section>
            <Section title={t('rolesPage.detail.parents')}>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('rolesPage.detail.parentsHelp', { role: role.name })}
              </Typography>
              {parents.length === 0 ? (
                <Typography color="text.secondary">{t('rolesPage.detail.noParents')}</Typography>
              ) : (
                <Stack direction="row" spacing={2} component="ul" sx={{ p: 0, listStyle: 'none' }}>
                  {parents.map((p) => (
                    <li key={p.objectId}>
                      <Link component={RouterLink} to={paths.role(app, p.objectId)}>
                        {p.name}
                      </Link>
                    </li>
                  ))}
                </Stack>
              )}
            </Section>
            <Section title={t('rolesPage.detail.acl')}>
              <RoleAcl app={app} roleId={role.objectId} readOnly={readOnly} />
            </Section>
          </Stack>
          {deleting && (
            <DeleteRoleDialog
              app={app}
              roleId={role.objectId}
              name={role.name}
              onClose={() => setDeleting(false)}
            />
          )}
        </>
      )}
    </Box>
  );
}
