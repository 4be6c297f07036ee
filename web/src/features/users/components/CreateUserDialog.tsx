import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useCreateUser } from '../api/user-writes';
import type { NewUser } from '../api/user-writes';
import { fieldProblem } from '../utils/field-problem';
import type { UserField } from '../utils/field-problem';

const EMPTY = { username: '', password: '', email: '', mobilePhoneNumber: '' };

/** The body of a new user: optional fields left out rather than sent empty. */
export function newUserBody(form: typeof EMPTY): NewUser {
  const email = form.email.trim();
  const phone = form.mobilePhoneNumber.trim();
  return {
    username: form.username.trim(),
    password: form.password,
    ...(email ? { email } : {}),
    ...(phone ? { mobilePhoneNumber: phone } : {}),
  };
}

/** Creates a user with a username and password; a taken username, e-mail or phone is named at its field. */
export function CreateUserDialog(props: {
  app: string;
  onCreated: (objectId: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateUser(props.app);
  const [form, setForm] = useState(EMPTY);
  const problem = fieldProblem(create.error);
  const field = (name: keyof typeof EMPTY) => ({
    value: form[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      setForm({ ...form, [name]: e.target.value });
      // The message about a taken or invalid value goes once the value changes.
      if (create.error) create.reset();
    },
  });
  const helper = (name: UserField) => {
    if (problem?.field === name) return t(`users.create.${problem.problem}.${name}`);
    return name === 'username' ? t('users.create.required') : ' ';
  };
  const invalid = (name: UserField) => problem?.field === name;

  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('users.create.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={1} sx={{ pt: 1 }}>
          {create.error && !problem ? <ErrorAlert error={create.error} /> : null}
          <TextField
            label={t('users.fields.username')}
            {...field('username')}
            error={invalid('username')}
            helperText={helper('username')}
            autoFocus
            required
          />
          <TextField
            label={t('users.fields.password')}
            type="password"
            autoComplete="new-password"
            {...field('password')}
            helperText={t('users.create.required')}
            required
          />
          <TextField
            label={t('users.fields.email')}
            type="email"
            {...field('email')}
            error={invalid('email')}
            helperText={helper('email')}
          />
          <TextField
            label={t('users.fields.mobilePhoneNumber')}
            type="tel"
            {...field('mobilePhoneNumber')}
            error={invalid('mobilePhoneNumber')}
            helperText={helper('mobilePhoneNumber')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('users.cancel')}</Button>
        <Button
          variant="contained"
          disabled={create.isPending || !form.username.trim() || !form.password}
          onClick={() => create.mutate(newUserBody(form), { onSuccess: (r) => props.onCreated(r.objectId) })}
        >
          {t('users.create.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
