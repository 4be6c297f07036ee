import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import EditIcon from '@mui/icons-material/EditOutlined';
import { CLASS_OPERATIONS } from '@switchboard/shared';
import type { ClassOperation, ClassPermissions } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { describePermission } from './describe';

/** Each operation and who may do it, in words, with a button to change it when `onEdit` is given. */
export function PermissionList({
  permissions,
  names,
  labelledBy,
  onEdit,
}: {
  permissions: ClassPermissions;
  /** Usernames by objectId. */
  names: ReadonlyMap<string, string> | undefined;
  labelledBy: string;
  onEdit?: ((op: ClassOperation) => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <List dense disablePadding aria-labelledby={labelledBy}>
      {CLASS_OPERATIONS.map((op) => {
        const opName = t(`classPerms.ops.${op}`);
        return (
          <ListItem
            key={op}
            disableGutters
            secondaryAction={
              onEdit && (
                <IconButton
                  size="small"
                  aria-label={t('classPerms.edit', { op: opName })}
                  onClick={() => onEdit(op)}
                >
                  <EditIcon fontSize="small" />
                </IconButton>
              )
            }
          >
            <ListItemText
              primary={t('classPerms.line', {
                op: opName,
                who: describePermission(t, permissions[op], names),
              })}
            />
          </ListItem>
        );
      })}
    </List>
  );
}

/** The user ids a set of permissions lists, once each. */
export const listedUserIds = (permissions: ClassPermissions | undefined): string[] => [
  ...new Set(Object.values(permissions ?? {}).flatMap((p) => p?.users ?? [])),
];
