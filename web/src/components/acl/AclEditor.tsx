import { useState } from 'react';
import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import type { Acl } from '@switchboard/shared';
import { addAclRow, aclToRows, PUBLIC, roleKey, rowsToAcl } from './acl';
import type { AclRow } from './acl';

export interface AclEditorProps {
  /** The ACL to start from; none means no rows but the (unchecked) public one. */
  value: Acl | undefined;
  onChange: (acl: Acl) => void;
  /**
   * The control that picks a user to add. It is given by the caller because searching users is
   * an app's data query, which belongs to the feature that owns that query's cache keys.
   */
  userPicker: (onPick: (objectId: string) => void) => ReactNode;
}

/** Public, per-user and per-role read and write, as rows of checkboxes. */
export function AclEditor({ value, onChange, userPicker }: AclEditorProps) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<AclRow[]>(() => aclToRows(value));
  const [role, setRole] = useState('');

  const update = (next: AclRow[]) => {
    setRows(next);
    onChange(rowsToAcl(next));
  };
  const toggle = (key: string, right: 'read' | 'write') =>
    update(rows.map((r) => (r.key === key ? { ...r, [right]: !r[right] } : r)));
  const label = (key: string) => (key === PUBLIC ? t('edit.aclPublic') : key);

  return (
    <Stack spacing={2}>
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
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell sx={{ fontFamily: row.key === PUBLIC ? undefined : 'monospace' }}>
                {label(row.key)}
              </TableCell>
              {(['read', 'write'] as const).map((right) => (
                <TableCell key={right} padding="checkbox">
                  <Checkbox
                    checked={row[right]}
                    onChange={() => toggle(row.key, right)}
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
                    aria-label={t('edit.aclRemove', { key: row.key })}
                    onClick={() => update(rows.filter((r) => r.key !== row.key))}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {userPicker((objectId) => update(addAclRow(rows, objectId)))}
      <Stack direction="row" spacing={1}>
        <TextField
          size="small"
          sx={{ flex: 1 }}
          label={t('edit.aclRole')}
          value={role}
          onChange={(e) => setRole(e.target.value)}
        />
        <Button
          disabled={!role.trim()}
          onClick={() => {
            update(addAclRow(rows, roleKey(role)));
            setRole('');
          }}
        >
          {t('edit.aclAdd')}
        </Button>
      </Stack>
    </Stack>
  );
}
