import { useState } from 'react';
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
import { valueToText } from '../editing/codec';
import type { PendingEdit } from '../editing/queue';

export interface PendingBarProps {
  pending: readonly PendingEdit[];
  busy: boolean;
  onSave: () => void;
  onDiscard: () => void;
}

const shown = (v: unknown) => (v === undefined ? '—' : valueToText(v));

/** "N pending changes — Review / Save / Discard", while edits wait to be saved. */
export function PendingBar({ pending, busy, onSave, onDiscard }: PendingBarProps) {
  const { t } = useTranslation();
  const [reviewing, setReviewing] = useState(false);
  if (pending.length === 0) return null;
  return (
    <>
      <Alert
        severity="warning"
        sx={{ mx: 2, mb: 1 }}
        action={
          <>
            <Button color="inherit" size="small" onClick={() => setReviewing(true)}>
              {t('edit.review')}
            </Button>
            <Button color="inherit" size="small" onClick={onSave} disabled={busy}>
              {t('edit.saveAll')}
            </Button>
            <Button color="inherit" size="small" onClick={onDiscard} disabled={busy}>
              {t('edit.discard')}
            </Button>
          </>
        }
      >
        {t('edit.pending', { count: pending.length })}
      </Alert>
      {reviewing && (
        <Dialog
          open
          onClose={() => setReviewing(false)}
          fullWidth
          maxWidth="md"
          aria-labelledby="review-title"
        >
          <DialogTitle id="review-title">{t('edit.reviewTitle')}</DialogTitle>
          <DialogContent>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>objectId</TableCell>
                  <TableCell>{t('edit.field')}</TableCell>
                  <TableCell>{t('edit.original')}</TableCell>
                  <TableCell>{t('edit.yours')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {pending.map((e) => (
                  <TableRow key={`${e.objectId}/${e.field}`}>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{e.objectId}</TableCell>
                    <TableCell>{e.field}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{shown(e.original)}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{shown(e.value)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setReviewing(false)}>{t('edit.close')}</Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
