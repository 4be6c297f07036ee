import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ClassOperation, ClassPermissions } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { PermissionDialog } from './PermissionDialog';
import { PermissionList } from './PermissionList';

/**
 * The permissions of a class about to be created, kept until it is: every operation starts open
 * to everyone, as the server leaves a class created without permissions.
 */
export function NewClassPermissions({
  app,
  value,
  onChange,
}: {
  app: string;
  value: ClassPermissions;
  onChange: (next: ClassPermissions) => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<ClassOperation>();
  // Users are picked by name in the dialog, so their names are known without asking the app.
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const headingId = 'new-class-permissions-title';
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3">
        {t('classPerms.title')}
      </Typography>
      <PermissionList permissions={value} names={names} labelledBy={headingId} onEdit={setEditing} />
      <Typography variant="caption" color="text.secondary">
        {t('classPerms.newClassNote')}
      </Typography>
      {editing && (
        <PermissionDialog
          app={app}
          op={editing}
          current={value[editing]}
          names={names}
          onClose={() => setEditing(undefined)}
          onSave={(permission, picked) => {
            setNames(new Map([...names, ...picked]));
            onChange({ ...value, [editing]: permission });
            setEditing(undefined);
          }}
        />
      )}
    </Box>
  );
}
