import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import type { RoleSummary } from '../api/role-graph';
import { parentsOf } from '../utils/graph';
import type { RoleGraph } from '../utils/graph';

const names = (ids: readonly string[], graph: RoleGraph) =>
  ids.map((id) => graph.get(id)?.name ?? id).join(', ') || '—';

export function RolesTable({ app, roles, graph }: { app: string; roles: RoleSummary[]; graph: RoleGraph }) {
  const { t } = useTranslation();
  return (
    <Table size="small" aria-label={t('rolesPage.table.label')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('rolesPage.table.name')}</TableCell>
          <TableCell>{t('rolesPage.table.parents')}</TableCell>
          <TableCell>{t('rolesPage.table.children')}</TableCell>
          <TableCell>{t('rolesPage.table.id')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {roles.map((role) => (
          <TableRow key={role.objectId}>
            <TableCell>
              <Link component={RouterLink} to={paths.role(app, role.objectId)}>
                {role.name}
              </Link>
            </TableCell>
            <TableCell>
              {names(
                parentsOf(graph, role.objectId).map((p) => p.objectId),
                graph,
              )}
            </TableCell>
            <TableCell>{names(role.children, graph)}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace' }}>{role.objectId}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
