import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useCreateView } from '../api/views';

interface Props {
  app: string;
  className: string;
  /** The URL search string the view restores. */
  search: string;
  onClose: () => void;
}

export function SaveViewDialog({ app, className, search, onClose }: Props) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const create = useCreateView(app);
  const save = () =>
    create.mutate({ name: name.trim(), className, query: search, shared }, { onSuccess: () => onClose() });
  return (
    <Dialog open onClose={onClose} aria-labelledby="save-view-title" fullWidth maxWidth="xs">
      <DialogTitle id="save-view-title">{t('views.saveTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {create.error && <ErrorAlert error={create.error} />}
        <TextField
          autoFocus
          label={t('views.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && name.trim() && save()}
          sx={{ mt: 1 }}
        />
        <FormControlLabel
          control={<Switch checked={shared} onChange={(e) => setShared(e.target.checked)} />}
          label={t('views.shared')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('views.cancel')}</Button>
        <Button variant="contained" disabled={!name.trim() || create.isPending} onClick={save}>
          {t('views.saveButton')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
