import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  keepLabel: string;
  confirmLabel: string;
  busy: boolean;
  onKeep: () => void;
  onConfirm: () => void;
}

/** Asks before a run action that cannot be taken back (cancelling, discarding the upload). */
export function ConfirmDialog(p: ConfirmDialogProps) {
  return (
    <Dialog open={p.open} onClose={p.onKeep}>
      <DialogTitle>{p.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{p.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={p.onKeep}>{p.keepLabel}</Button>
        <Button color="error" variant="contained" disabled={p.busy} onClick={p.onConfirm}>
          {p.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
