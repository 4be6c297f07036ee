import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/EditOutlined';
import { CLASS_OPERATIONS } from '@switchboard/shared';
import type { ClassOperation } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { useUsernames } from '../../../components/acl/api';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { useClassPermissions } from '../api/class-permissions';
import { describePermission } from './describe';
import { PermissionDialog } from './PermissionDialog';

/** Who may create, find, get, update, delete and add fields, in words; changed one at a time. */
export function ClassPermissionsSection({
  app,
  className,
  canWrite,
}: {
  app: string;
  className: string;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const perms = useClassPermissions(app, className);
  const [editing, setEditing] = useState<ClassOperation>();
  const userIds = [...new Set(Object.values(perms.data ?? {}).flatMap((p) => p?.users ?? []))];
  const names = useUsernames(app, userIds);
  const headingId = 'class-permissions-title';

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3">
        {t('classPerms.title')}
      </Typography>
      {perms.isPending && <LoadingState />}
      {perms.error && <ErrorAlert error={perms.error} onRetry={() => void perms.refetch()} />}
      {perms.data && (
        <List dense disablePadding aria-labelledby={headingId}>
          {CLASS_OPERATIONS.map((op) => {
            const opName = t(`classPerms.ops.${op}`);
            return (
              <ListItem
                key={op}
                disableGutters
                secondaryAction={
                  canWrite && (
                    <IconButton
                      size="small"
                      aria-label={t('classPerms.edit', { op: opName })}
                      onClick={() => setEditing(op)}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                  )
                }
              >
                <ListItemText
                  primary={t('classPerms.line', {
                    op: opName,
                    who: describePermission(t, perms.data[op], names.data),
                  })}
                />
              </ListItem>
            );
          })}
        </List>
      )}
      <Typography variant="caption" color="text.secondary">
        {t('classPerms.masterNote')}
      </Typography>
      {editing && perms.data && (
        <PermissionDialog
          app={app}
          className={className}
          op={editing}
          current={perms.data[editing]}
          names={names.data}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Box>
  );
}
