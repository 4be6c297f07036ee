import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { useUpdateSchema } from '../../api/update-schema';

/** Confirms deleting a field, whose values go from every object of the class. */
export function DeleteFieldDialog(props: {
  app: string;
  className: string;
  field: string;
  onClose: () => void;
}) {
  const { app, className, field, onClose } = props;
  const { t } = useTranslation();
  const update = useUpdateSchema(app, className);
  const confirm = () => update.mutate({ kind: 'delete', name: field }, { onSuccess: onClose });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="delete-field-title">
      <DialogTitle id="delete-field-title">{t('classes.deleteFieldTitle', { name: field })}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Alert severity="warning">{t('classes.deleteFieldWarning', { className })}</Alert>
        {update.error && <ErrorAlert error={update.error} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('classes.cancel')}</Button>
        <Button color="error" variant="contained" onClick={confirm} loading={update.isPending}>
          {t('classes.deleteFieldSubmit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
