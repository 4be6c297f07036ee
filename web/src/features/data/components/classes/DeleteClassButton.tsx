import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { paths } from '../../../../lib/paths';
import { useDeleteClass } from '../../api/delete-class';

function DeleteClassDialog({
  app,
  className,
  onClose,
}: {
  app: string;
  className: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteClass(app, () => {
    onClose();
    void navigate(paths.area(app, 'data'), { replace: true });
  });
  const [typed, setTyped] = useState('');
  // Typing the exact name is the safeguard: there is no undo.
  const confirmed = typed === className;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!confirmed) return;
    remove.mutate(className);
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="delete-class-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="delete-class-title">{t('classes.deleteTitle', { className })}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Alert severity="warning">{t('classes.deleteWarning')}</Alert>
          <TextField
            label={t('classes.deleteConfirm', { className })}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            autoFocus
            fullWidth
          />
          {remove.error && <ErrorAlert error={remove.error} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('classes.cancel')}</Button>
          <Button
            type="submit"
            color="error"
            variant="contained"
            disabled={!confirmed}
            loading={remove.isPending}
          >
            {t('classes.deleteSubmit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** "Delete class" and its typed confirmation; afterwards the data area opens without the class. */
export function DeleteClassButton({ app, className }: { app: string; className: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button color="error" size="small" startIcon={<DeleteIcon />} onClick={() => setOpen(true)}>
        {t('classes.delete')}
      </Button>
      {open && <DeleteClassDialog app={app} className={className} onClose={() => setOpen(false)} />}
    </>
  );
}
