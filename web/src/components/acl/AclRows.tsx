import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import { warningText } from '../theme/warning-text';
import { isRoleKey, PUBLIC, ROLE_PREFIX } from './acl';
import type { AclRow } from './acl';
import { useRolesNamed, useUsernames } from './api';

export interface AclRowsProps {
  app: string;
  rows: readonly AclRow[];
  onToggle: (key: string, right: 'read' | 'write') => void;
  onRemove: (key: string) => void;
}

/**
 * The ACL's entries as rows of checkboxes. Users show by username (the key stays their objectId);
 * a user or role the app does not have is marked, since its entry grants nothing.
 */
export function AclRows({ app, rows, onToggle, onRemove }: AclRowsProps) {
  const { t } = useTranslation();
  const userIds = rows.filter((r) => r.key !== PUBLIC && !isRoleKey(r.key)).map((r) => r.key);
  const roleNames = rows.filter((r) => isRoleKey(r.key)).map((r) => r.key.slice(ROLE_PREFIX.length));
  const usernames = useUsernames(app, userIds);
  const roles = useRolesNamed(app, roleNames);

  const label = (key: string): string => {
    if (key === PUBLIC) return t('edit.aclPublic');
    if (isRoleKey(key)) return key;
    const username = usernames.data?.get(key);
    return username === undefined ? key : t('acl.userLabel', { username, objectId: key });
  };
  const problem = (key: string): string | undefined => {
    if (key === PUBLIC) return undefined;
    if (isRoleKey(key))
      return roles.data && !roles.data.includes(key.slice(ROLE_PREFIX.length))
        ? t('acl.noSuchRole')
        : undefined;
    return usernames.data && !usernames.data.has(key) ? t('acl.noSuchUser') : undefined;
  };

  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{t('edit.aclWho')}</TableCell>
          <TableCell padding="checkbox">{t('edit.aclRead')}</TableCell>
          <TableCell padding="checkbox">{t('edit.aclWrite')}</TableCell>
          <TableCell padding="checkbox" />
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => {
          const warning = problem(row.key);
          return (
            <TableRow key={row.key}>
              <TableCell>
                <Box component="span" sx={{ fontFamily: row.key === PUBLIC ? undefined : 'monospace' }}>
                  {label(row.key)}
                </Box>
                {warning && (
                  <Typography variant="caption" sx={{ display: 'block', color: warningText }}>
                    {warning}
                  </Typography>
                )}
              </TableCell>
              {(['read', 'write'] as const).map((right) => (
                <TableCell key={right} padding="checkbox">
                  <Checkbox
                    checked={row[right]}
                    onChange={() => onToggle(row.key, right)}
                    slotProps={{
                      input: {
                        'aria-label': t(right === 'read' ? 'edit.aclReadOf' : 'edit.aclWriteOf', {
                          key: label(row.key),
                        }),
                      },
                    }}
                  />
                </TableCell>
              ))}
              <TableCell padding="checkbox">
                {row.key !== PUBLIC && (
                  <IconButton
                    size="small"
                    aria-label={t('edit.aclRemove', { key: label(row.key) })}
                    onClick={() => onRemove(row.key)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
