import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';
import { stringField } from '../utils/user-fields';
import type { UserRecord } from '../utils/user-fields';
import { useShowTime } from '../../../lib/time-zone';

/** Search results; each user's name opens the user page. */
export function UsersTable({ app, users }: { app: string; users: UserRecord[] }) {
  const { t } = useTranslation();
  const showTime = useShowTime();
  return (
    <Table size="small" aria-label={t('users.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('users.fields.username')}</TableCell>
          <TableCell>{t('users.fields.email')}</TableCell>
          <TableCell>{t('users.fields.mobilePhoneNumber')}</TableCell>
          <TableCell>{t('users.fields.objectId')}</TableCell>
          <TableCell>{t('users.fields.createdAt')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {users.map((u) => (
          <TableRow key={u.objectId} hover>
            <TableCell>
              <Link component={RouterLink} to={paths.user(app, u.objectId)}>
                {stringField(u, 'username') ?? t('users.noUsername')}
              </Link>
            </TableCell>
            <TableCell>{stringField(u, 'email') ?? '—'}</TableCell>
            <TableCell>{stringField(u, 'mobilePhoneNumber') ?? '—'}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace' }}>{u.objectId}</TableCell>
            <TableCell>{showTime(u.createdAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
