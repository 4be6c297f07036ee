import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { ConflictRow } from '../editing/conflict';

export interface ConflictDialogProps {
  objectId: string;
  rows: readonly ConflictRow[];
  busy?: boolean;
  onOverwrite: () => void;
  onKeepTheirs: () => void;
  onCancel: () => void;
}

function Shown({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (value === undefined) return <em>{t('edit.missing')}</em>;
  if (value === null) return <em>null</em>;
  return <code>{typeof value === 'string' ? value : JSON.stringify(value)}</code>;
}

/** A save that found the object changed: each field as typed, as it is now, and as it was. */
export function ConflictDialog({
  objectId,
  rows,
  busy,
  onOverwrite,
  onKeepTheirs,
  onCancel,
}: ConflictDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onCancel} maxWidth="md" fullWidth aria-labelledby="conflict-title">
      <DialogTitle id="conflict-title">{t('edit.conflictTitle', { objectId })}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('edit.conflictIntro')}
        </Alert>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('edit.field')}</TableCell>
              <TableCell>{t('edit.yours')}</TableCell>
              <TableCell>{t('edit.theirs')}</TableCell>
              <TableCell>{t('edit.original')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.field} selected={row.theirsChanged}>
                <TableCell>{row.field}</TableCell>
                <TableCell>
                  <Shown value={row.mine} />
                </TableCell>
                <TableCell>
                  <Shown value={row.theirs} />
                </TableCell>
                <TableCell>
                  <Shown value={row.original} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('edit.cancel')}</Button>
        <Button onClick={onKeepTheirs} disabled={busy}>
          {t('edit.keepTheirs')}
        </Button>
        <Button variant="contained" color="error" onClick={onOverwrite} disabled={busy}>
          {t('edit.overwrite')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
