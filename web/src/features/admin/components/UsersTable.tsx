import { useState } from 'react';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import type { ConsoleUserRecord } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { describeAppRoles } from '../utils/app-roles';
import type { UserAction } from './UserActionDialog';
import { useShowTime } from '../../../lib/time-zone';

export interface UsersTableProps {
  users: ConsoleUserRecord[];
  onEditRoles: (user: ConsoleUserRecord) => void;
  onAction: (user: ConsoleUserRecord, action: UserAction) => void;
}

function UserMenu({
  user,
  onEditRoles,
  onAction,
}: Omit<UsersTableProps, 'users'> & { user: ConsoleUserRecord }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (fn: () => void) => () => {
    setAnchor(null);
    fn();
  };
  const actions: UserAction[] = [user.disabled ? 'enable' : 'disable', 'resetPassword', 'endSessions'];
  if (user.totpEnabled) actions.push('clearTotp');
  return (
    <>
      <IconButton
        aria-label={t('admin.users.actionsFor', { email: user.email })}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={pick(() => onEditRoles(user))}>{t('admin.actions.editRoles')}</MenuItem>
        {actions.map((action) => (
          <MenuItem key={action} onClick={pick(() => onAction(user, action))}>
            {t(`admin.actions.${action}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** The console users with their roles, status, second factor and last sign-in. */
export function UsersTable({ users, onEditRoles, onAction }: UsersTableProps) {
  const { t } = useTranslation();
  const showTime = useShowTime();
  return (
    <Table size="small" aria-label={t('admin.users.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('admin.users.email')}</TableCell>
          <TableCell>{t('admin.users.role')}</TableCell>
          <TableCell>{t('admin.users.appRoles')}</TableCell>
          <TableCell>{t('admin.users.status')}</TableCell>
          <TableCell>{t('admin.users.totp')}</TableCell>
          <TableCell>{t('admin.users.lastLogin')}</TableCell>
          <TableCell align="right">{t('admin.users.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.id}>
            <TableCell>{user.email}</TableCell>
            <TableCell>{t(`roles.${user.role}`)}</TableCell>
            <TableCell>{describeAppRoles(user.appRoles, (r) => t(`roles.${r}`)) || '—'}</TableCell>
            <TableCell>
              <Chip
                size="small"
                color={user.disabled ? 'default' : 'success'}
                label={t(user.disabled ? 'admin.users.disabled' : 'admin.users.enabled')}
              />
              {user.invited && <Chip size="small" sx={{ ml: 0.5 }} label={t('admin.users.invited')} />}
            </TableCell>
            <TableCell>{t(user.totpEnabled ? 'admin.users.totpOn' : 'admin.users.totpOff')}</TableCell>
            <TableCell>{user.lastLoginAt ? showTime(user.lastLoginAt) : t('admin.users.never')}</TableCell>
            <TableCell align="right">
              <UserMenu user={user} onEditRoles={onEditRoles} onAction={onAction} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
