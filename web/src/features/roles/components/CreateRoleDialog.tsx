import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Acl } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { AclEditor } from '../../../components/acl/AclEditor';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useCreateRole } from '../api/create-role';
import { roleNameProblem } from '../utils/role-name';
import { RoleNameField } from './RoleNameField';

/**
 * Everyone may read a new role and nobody but the master key (this console) may change it: a role
 * whose ACL lets a user write it lets that user add themselves and take its permissions.
 */
export const DEFAULT_ROLE_ACL: Acl = { '*': { read: true } };

export function CreateRoleDialog({
  app,
  existing,
  onClose,
  onCreated,
}: {
  app: string;
  existing: readonly string[];
  onClose: () => void;
  onCreated: (objectId: string) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [acl, setAcl] = useState<Acl>(DEFAULT_ROLE_ACL);
  const create = useCreateRole(app);
  const problem = roleNameProblem(name, existing);

  const submit = () => {
    setTouched(true);
    if (problem) return;
    create.mutate({ name, ACL: acl }, { onSuccess: (res) => onCreated(res.objectId) });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="create-role-title">
      <DialogTitle id="create-role-title">{t('rolesPage.create.title')}</DialogTitle>
      <DialogContent>
        <Stack
          spacing={2}
          sx={{ pt: 1 }}
          component="form"
          id="create-role-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <RoleNameField
            value={name}
            problem={problem}
            touched={touched}
            onChange={(v) => {
              setName(v);
              setTouched(v !== '');
            }}
          />
          <Typography variant="subtitle2" component="h2">
            {t('rolesPage.create.aclTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('rolesPage.create.aclHelp')}
          </Typography>
          <AclEditor
            app={app}
            value={acl}
            onChange={setAcl}
            publicWriteWarning={t('rolesPage.detail.publicWrite')}
          />
          {create.error && <ErrorAlert error={create.error} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('rolesPage.cancel')}</Button>
        <Button type="submit" form="create-role-form" variant="contained" disabled={create.isPending}>
          {t('rolesPage.create.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
