import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './ErrorAlert';

export interface ConfirmDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  pending: boolean;
  error: unknown;
  /** Extra input the action needs (a new password, a typed confirmation). */
  children?: ReactNode;
  /** False while that input is not acceptable yet. */
  ready?: boolean;
  danger?: boolean;
}

/** Asks before one action and shows why it failed, without closing. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation();
  const { title, text, confirmLabel, onConfirm, onClose, pending, error, children, ready = true } = props;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          {error ? <ErrorAlert error={error} /> : null}
          <DialogContentText>{text}</DialogContentText>
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          color={props.danger ? 'error' : 'primary'}
          onClick={onConfirm}
          disabled={pending || !ready}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
