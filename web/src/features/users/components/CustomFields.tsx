import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { customFields, previewValue } from '../utils/user-fields';
import type { UserRecord } from '../utils/user-fields';

/** The app's own fields on the user, read-only here: they are edited in the data browser. */
export function CustomFields({ user }: { user: UserRecord }) {
  const { t } = useTranslation();
  const fields = customFields(user);
  if (fields.length === 0) return <Typography variant="body2">{t('users.custom.none')}</Typography>;
  return (
    <Table size="small" aria-label={t('users.sections.custom')}>
      <TableBody>
        {fields.map(([name, value]) => (
          <TableRow key={name}>
            <TableCell component="th" scope="row" sx={{ width: 200, fontWeight: 500 }}>
              {name}
            </TableCell>
            <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
              {previewValue(value)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
