import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { paths } from '../../../lib/paths';
import { useAppPermission } from '../../../lib/session';
import { useRoleGraph } from '../api/role-graph';
import { toGraph } from '../utils/graph';
import { CreateRoleDialog } from './CreateRoleDialog';
import { EffectiveAccess } from './EffectiveAccess';
import { RoleGraphView } from './RoleGraphView';
import { RolesTable } from './RolesTable';

import { Section } from './Section';

/** The app's roles: a searchable list, the inheritance drawing and a user's effective access. */
export function RolesPage() {
  const { t } = useTranslation();
  const app = useParams().app ?? '';
  const navigate = useNavigate();
  const roles = useRoleGraph(app);
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const canWrite = useAppPermission(app, 'roles.write');
  const graph = useMemo(() => toGraph(roles.data ?? []), [roles.data]);
  const needle = search.trim().toLowerCase();
  const shown = (roles.data ?? []).filter((r) => r.name.toLowerCase().includes(needle));

  return (
    <Box sx={{ p: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t('rolesPage.title')}
        </Typography>
        {canWrite && (
          <Button variant="contained" onClick={() => setCreating(true)} disabled={!roles.data}>
            {t('rolesPage.newRole')}
          </Button>
        )}
      </Stack>
      {roles.error && <ErrorAlert error={roles.error} onRetry={() => void roles.refetch()} />}
      {roles.isPending && <LoadingState />}
      {roles.data && (
        <Stack spacing={3}>
          <Section title={t('rolesPage.listTitle')}>
            <TextField
              size="small"
              type="search"
              label={t('rolesPage.search')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              sx={{ mb: 1, minWidth: 280 }}
            />
            {shown.length > 0 ? (
              <RolesTable app={app} roles={shown} graph={graph} />
            ) : (
              <Typography color="text.secondary">
                {roles.data.length === 0 ? t('rolesPage.empty') : t('rolesPage.noMatch', { text: search })}
              </Typography>
            )}
          </Section>
          <Section title={t('rolesPage.graph.title')}>
            <RoleGraphView app={app} graph={graph} />
          </Section>
          <Section title={t('rolesPage.access.title')}>
            <EffectiveAccess app={app} graph={graph} />
          </Section>
        </Stack>
      )}
      {creating && (
        <CreateRoleDialog
          app={app}
          existing={(roles.data ?? []).map((r) => r.name)}
          onClose={() => setCreating(false)}
          onCreated={(objectId) => void navigate(paths.role(app, objectId))}
        />
      )}
    </Box>
  );
}
