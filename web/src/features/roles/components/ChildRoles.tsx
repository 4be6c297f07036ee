import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { paths } from '../../../lib/paths';
import { useChangeMembers } from '../api/members';
import { cycleIfAdded } from '../utils/graph';
import type { RoleGraph, RoleNode } from '../utils/graph';

/**
 * The role's `roles` relation. A pick that would close a loop is refused here, with the loop named,
 * before anything is sent.
 */
export function ChildRoles({
  app,
  role,
  graph,
  readOnly,
}: {
  app: string;
  role: RoleNode;
  graph: RoleGraph;
  /** No picker and no remove buttons, for console roles without roles.write. */
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const change = useChangeMembers(app, role.objectId);
  const [loop, setLoop] = useState<{ child: string; names: string[] } | null>(null);
  const children = role.children.map((id) => graph.get(id)).filter((r): r is RoleNode => r !== undefined);
  const options = [...graph.values()].filter((r) => !role.children.includes(r.objectId));

  const pick = (child: RoleNode) => {
    const names = cycleIfAdded(graph, role.objectId, child.objectId);
    setLoop(names ? { child: child.name, names } : null);
    if (!names) change.mutate({ field: 'roles', op: 'AddRelation', objectId: child.objectId });
  };

  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {t('rolesPage.detail.childrenHelp', { role: role.name })}
      </Typography>
      {!readOnly && (
        <Autocomplete
          size="small"
          sx={{ minWidth: 240 }}
          options={options}
          getOptionLabel={(o) => o.name}
          value={null}
          blurOnSelect
          disabled={change.isPending}
          onChange={(_, o) => o && pick(o)}
          noOptionsText={t('rolesPage.detail.noRoleMatch')}
          renderInput={(params) => <TextField {...params} label={t('rolesPage.detail.addChild')} />}
        />
      )}
      {loop && (
        <Alert severity="error" onClose={() => setLoop(null)}>
          {t('rolesPage.detail.cycle', { child: loop.child, role: role.name, loop: loop.names.join(' → ') })}
        </Alert>
      )}
      {change.error && <ErrorAlert error={change.error} />}
      {children.length === 0 ? (
        <Typography color="text.secondary">{t('rolesPage.detail.noChildren')}</Typography>
      ) : (
        <List dense aria-label={t('rolesPage.detail.childrenOf', { role: role.name })}>
          {children.map((child) => (
            <ListItem
              key={child.objectId}
              secondaryAction={
                readOnly ? undefined : (
                  <IconButton
                    edge="end"
                    aria-label={t('rolesPage.detail.removeChild', { name: child.name, role: role.name })}
                    disabled={change.isPending}
                    onClick={() =>
                      change.mutate({ field: 'roles', op: 'RemoveRelation', objectId: child.objectId })
                    }
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                )
              }
            >
              <ListItemText
                primary={
                  <Link component={RouterLink} to={paths.role(app, child.objectId)}>
                    {child.name}
                  </Link>
                }
              />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
