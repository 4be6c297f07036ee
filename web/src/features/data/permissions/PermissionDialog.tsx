import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ClassOperation, ClassPermission } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { RolePicker } from '../../../components/acl/RolePicker';
import { UserSearchPicker } from '../../../components/acl/UserSearchPicker';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { audienceOf, permissionFor } from './model';
import type { Audience } from './model';

const AUDIENCES: { value: Audience; label: 'audienceEveryone' | 'audienceSignedIn' | 'audienceListed' }[] = [
  { value: 'everyone', label: 'audienceEveryone' },
  { value: 'signedIn', label: 'audienceSignedIn' },
  { value: 'listed', label: 'audienceListed' },
];

const added = (list: string[], item: string) => (list.includes(item) ? list : [...list, item]);

/** A listed user or role, with a button that takes it off the list. */
function Listed({
  label,
  removeLabel,
  onRemove,
}: {
  label: string;
  removeLabel: string;
  onRemove: () => void;
}) {
  return (
    <Box
      component="li"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        border: 1,
        borderColor: 'divider',
        borderRadius: 4,
        pl: 1.5,
      }}
    >
      {label}
      <IconButton size="small" aria-label={removeLabel} onClick={onRemove}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

export interface PermissionDialogProps {
  app: string;
  op: ClassOperation;
  current: ClassPermission | undefined;
  /** Usernames by objectId, for the users already listed. */
  names: ReadonlyMap<string, string> | undefined;
  onClose: () => void;
  /** The chosen permission, with the usernames of users picked here (for the summary). */
  onSave: (permission: ClassPermission, picked: ReadonlyMap<string, string>) => void;
  saving?: boolean;
  error?: unknown;
}

/**
 * One operation's permission: everyone, logged-in users, or chosen users and roles. What Save
 * does is the caller's: write it to the class, or keep it for a class about to be created.
 */
export function PermissionDialog({
  app,
  op,
  current,
  names,
  onClose,
  onSave,
  saving = false,
  error,
}: PermissionDialogProps) {
  const { t } = useTranslation();
  const [audience, setAudience] = useState<Audience>(audienceOf(current));
  const [users, setUsers] = useState<string[]>(current?.users ?? []);
  const [roles, setRoles] = useState<string[]>(current?.roles ?? []);
  const [picked, setPicked] = useState<Map<string, string>>(new Map());
  const opName = t(`classPerms.ops.${op}`);
  const titleId = 'permission-dialog-title';
  const nameOf = (id: string) => picked.get(id) ?? names?.get(id) ?? id;

  const save = () => onSave(permissionFor(audience, users, roles), picked);

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('classPerms.editTitle', { op: opName })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <FormControl>
            <FormLabel id="permission-audience">{t('classPerms.audience')}</FormLabel>
            <RadioGroup
              aria-labelledby="permission-audience"
              value={audience}
              onChange={(e) => setAudience(e.target.value as Audience)}
            >
              {AUDIENCES.map((a) => (
                <FormControlLabel
                  key={a.value}
                  value={a.value}
                  control={<Radio />}
                  label={t(`classPerms.${a.label}`)}
                />
              ))}
            </RadioGroup>
          </FormControl>
          {audience === 'listed' && (
            <>
              <Typography variant="subtitle2" component="h4">
                {t('classPerms.listedUsers')}
              </Typography>
              <Stack
                component="ul"
                direction="row"
                spacing={1}
                useFlexGap
                sx={{ flexWrap: 'wrap', p: 0, m: 0 }}
              >
                {users.map((id) => (
                  <Listed
                    key={id}
                    label={nameOf(id)}
                    removeLabel={t('classPerms.removeUser', { name: nameOf(id) })}
                    onRemove={() => setUsers(users.filter((u) => u !== id))}
                  />
                ))}
              </Stack>
              <UserSearchPicker
                app={app}
                label={t('classPerms.addUser')}
                onPick={(u) => {
                  setPicked(new Map(picked).set(u.objectId, u.username));
                  setUsers(added(users, u.objectId));
                }}
              />
              <Typography variant="subtitle2" component="h4">
                {t('classPerms.listedRoles')}
              </Typography>
              <Stack
                component="ul"
                direction="row"
                spacing={1}
                useFlexGap
                sx={{ flexWrap: 'wrap', p: 0, m: 0 }}
              >
                {roles.map((name) => (
                  <Listed
                    key={name}
                    label={name}
                    removeLabel={t('classPerms.removeRole', { name })}
                    onRemove={() => setRoles(roles.filter((r) => r !== name))}
                  />
                ))}
              </Stack>
              <RolePicker app={app} onAdd={(name) => setRoles(added(roles, name))} />
              {users.length === 0 && roles.length === 0 && (
                <Typography color="text.secondary">{t('classPerms.noneListed')}</Typography>
              )}
            </>
          )}
          {error != null && <ErrorAlert error={error} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('classPerms.cancel')}</Button>
        <Button variant="contained" loading={saving} onClick={save}>
          {t('classPerms.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
