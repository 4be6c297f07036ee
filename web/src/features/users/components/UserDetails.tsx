import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { stringField, verification } from '../utils/user-fields';
import type { UserRecord, Verification } from '../utils/user-fields';
import { useShowTime } from '../../../lib/time-zone';

// Warning orange fails text contrast (axe), so only "verified" is coloured; "not checked" is outlined.
const CHIP_STYLE = {
  verified: { color: 'success', variant: 'filled' },
  unverified: { color: 'default', variant: 'filled' },
  unknown: { color: 'default', variant: 'outlined' },
} as const;

function VerificationChip({ state, label }: { state: Verification; label: string }) {
  const { t } = useTranslation();
  const text = t(`users.verification.${state}`);
  return <Chip size="small" {...CHIP_STYLE[state]} label={text} aria-label={`${label}: ${text}`} />;
}

/** The fields every user has, with the verification state of the e-mail and phone number. */
export function UserDetails({ user }: { user: UserRecord }) {
  const { t } = useTranslation();
  const showTime = useShowTime();
  const email = stringField(user, 'email');
  const phone = stringField(user, 'mobilePhoneNumber');
  const rows: [string, React.ReactNode][] = [
    [t('users.fields.objectId'), <code key="id">{user.objectId}</code>],
    [t('users.fields.username'), stringField(user, 'username') ?? '—'],
    [
      t('users.fields.email'),
      <Stack key="email" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <span>{email ?? '—'}</span>
        {email && (
          <VerificationChip
            state={verification(user.emailVerified)}
            label={t('users.fields.emailVerified')}
          />
        )}
      </Stack>,
    ],
    [
      t('users.fields.mobilePhoneNumber'),
      <Stack key="phone" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <span>{phone ?? '—'}</span>
        {phone && (
          <VerificationChip
            state={verification(user.mobilePhoneVerified)}
            label={t('users.fields.mobilePhoneVerified')}
          />
        )}
      </Stack>,
    ],
    [t('users.fields.createdAt'), showTime(user.createdAt)],
    [t('users.fields.updatedAt'), showTime(user.updatedAt)],
  ];
  return (
    <Table size="small" aria-label={t('users.sections.fields')}>
      <TableBody>
        {rows.map(([label, value]) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row" sx={{ width: 200, fontWeight: 500 }}>
              {label}
            </TableCell>
            <TableCell>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
