import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { SavedView } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useCreateView, useUpdateView } from '../api/views';
import { useCanWriteData } from '../editing/use-can-write';
import { viewChanges } from './view-changes';

interface Props {
  app: string;
  className: string;
  /** The URL search string the view restores. */
  search: string;
  /** A view of one's own to rename, share or point at the current query; absent saves a new one. */
  view?: SavedView | undefined;
  onClose: () => void;
}

export function SaveViewDialog({ app, className, search, view, onClose }: Props) {
  const { t } = useTranslation();
  const [name, setName] = useState(view?.name ?? '');
  const [shared, setShared] = useState(view?.shared ?? false);
  const [replaceQuery, setReplaceQuery] = useState(false);
  // Sharing is writing for everyone who reads the app; one may still stop sharing one's own view.
  const canShare = useCanWriteData(app) || (view?.shared ?? false);
  const create = useCreateView(app);
  const update = useUpdateView(app);
  const pending = create.isPending || update.isPending;
  const changes = view ? viewChanges(view, { name, shared, query: replaceQuery ? search : undefined }) : {};
  const canSave = name.trim() !== '' && !pending && (!view || Object.keys(changes).length > 0);
  const save = () => {
    if (!canSave) return;
    if (view) update.mutate({ id: view.id, body: changes }, { onSuccess: () => onClose() });
    else
      create.mutate({ name: name.trim(), className, query: search, shared }, { onSuccess: () => onClose() });
  };
  const title = view ? t('views.editTitle') : t('views.saveTitle');
  return (
    <Dialog open onClose={onClose} aria-labelledby="save-view-title" fullWidth maxWidth="xs">
      <DialogTitle id="save-view-title">{title}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {(create.error ?? update.error) && <ErrorAlert error={create.error ?? update.error} />}
        <TextField
          autoFocus
          label={t('views.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && save()}
          sx={{ mt: 1 }}
        />
        {canShare && (
          <FormControlLabel
            control={<Switch checked={shared} onChange={(e) => setShared(e.target.checked)} />}
            label={t('views.shared')}
          />
        )}
        {view && (
          <FormControlLabel
            control={<Checkbox checked={replaceQuery} onChange={(e) => setReplaceQuery(e.target.checked)} />}
            label={t('views.replaceQuery')}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('views.cancel')}</Button>
        <Button variant="contained" disabled={!canSave} onClick={save}>
          {t('views.saveButton')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
