import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import { MAX_CLASS_NAME_LENGTH } from '@switchboard/shared';
import type { ClassPermissions } from '@switchboard/shared';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { warningText } from '../../../../components/theme/warning-text';
import { paths } from '../../../../lib/paths';
import { useCreateClass } from '../../api/create-class';
import { NewClassPermissions } from '../../permissions/NewClassPermissions';
import { classCaseTwin, classNameProblem } from '../../utils/class-name';

function CreateClassDialog({
  app,
  existing,
  onClose,
}: {
  app: string;
  existing: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateClass(app);
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [permissions, setPermissions] = useState<ClassPermissions>({});
  const problem = classNameProblem(name.trim(), existing);
  const shown = touched ? problem : undefined;
  const twin = problem ? undefined : classCaseTwin(name.trim(), existing);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem) return;
    const className = name.trim();
    create.mutate(
      { className, permissions },
      {
        onSuccess: () => {
          onClose();
          void navigate(paths.dataClass(app, className));
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="create-class-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="create-class-title">{t('classes.createTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <TextField
            label={t('classes.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            onBlur={() => setTouched(name !== '')}
            error={shown !== undefined}
            helperText={
              shown
                ? t(`classes.nameProblems.${shown}`, {
                    name: name.trim(),
                    max: MAX_CLASS_NAME_LENGTH,
                    length: name.trim().length,
                  })
                : twin
                  ? t('classes.nameCaseTwin', { name: name.trim(), twin })
                  : t('classes.nameHelp')
            }
            slotProps={{ formHelperText: { sx: twin ? { color: warningText } : undefined } }}
            autoFocus
            required
            fullWidth
            margin="dense"
          />
          <NewClassPermissions app={app} value={permissions} onChange={setPermissions} />
          {create.error && <ErrorAlert error={create.error} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('classes.cancel')}</Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            {t('classes.createSubmit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** "New class" and its dialog; the caller shows it only to those who may write schemas. */
export function CreateClassButton({ app, existing }: { app: string; existing: string[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {t('classes.create')}
      </Button>
      {open && <CreateClassDialog app={app} existing={existing} onClose={() => setOpen(false)} />}
    </>
  );
}
