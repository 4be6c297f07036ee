import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ClassOperation } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { useUsernames } from '../../../components/acl/api';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { useClassPermissions, useUpdateClassPermission } from '../api/class-permissions';
import { PermissionDialog } from './PermissionDialog';
import { listedUserIds, PermissionList } from './PermissionList';

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
  const update = useUpdateClassPermission(app, className);
  const [editing, setEditing] = useState<ClassOperation>();
  const names = useUsernames(app, listedUserIds(perms.data));
  const headingId = 'class-permissions-title';
  const close = () => {
    update.reset();
    setEditing(undefined);
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3">
        {t('classPerms.title')}
      </Typography>
      {perms.isPending && <LoadingState />}
      {perms.error && <ErrorAlert error={perms.error} onRetry={() => void perms.refetch()} />}
      {perms.data && (
        <PermissionList
          permissions={perms.data}
          names={names.data}
          labelledBy={headingId}
          onEdit={canWrite ? setEditing : undefined}
        />
      )}
      <Typography variant="caption" color="text.secondary">
        {t('classPerms.masterNote')}
      </Typography>
      {editing && perms.data && (
        <PermissionDialog
          app={app}
          op={editing}
          current={perms.data[editing]}
          names={names.data}
          onClose={close}
          onSave={(permission) => update.mutate({ op: editing, permission }, { onSuccess: close })}
          saving={update.isPending}
          error={update.error}
        />
      )}
    </Box>
  );
}
