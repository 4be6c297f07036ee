import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CONSOLE_ROLES } from '@switchboard/shared';
import type { ConsoleRole } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { useAdminApps } from '../api/console-users';
import type { AppRoleChoices } from '../utils/app-roles';

export interface RoleFieldsProps {
  role: ConsoleRole;
  onRole: (role: ConsoleRole) => void;
  appRoles: AppRoleChoices;
  onAppRoles: (choices: AppRoleChoices) => void;
}

/** The console-wide role and, for each configured app, a role of its own or none. */
export function RoleFields({ role, onRole, appRoles, onAppRoles }: RoleFieldsProps) {
  const { t } = useTranslation();
  const apps = useAdminApps();
  return (
    <Stack spacing={2}>
      <TextField
        select
        label={t('admin.users.role')}
        value={role}
        onChange={(e) => onRole(e.target.value as ConsoleRole)}
      >
        {CONSOLE_ROLES.map((r) => (
          <MenuItem key={r} value={r}>
            {t(`roles.${r}`)}
          </MenuItem>
        ))}
      </TextField>
      {apps.data && apps.data.length > 0 && (
        <Typography variant="subtitle2">{t('admin.users.appRolesHint')}</Typography>
      )}
      {apps.data?.map((app) => (
        <TextField
          key={app.id}
          select
          size="small"
          label={t('admin.users.roleInApp', { app: app.name })}
          value={appRoles[app.id] ?? ''}
          onChange={(e) => onAppRoles({ ...appRoles, [app.id]: e.target.value as ConsoleRole | '' })}
        >
          <MenuItem value="">{t('admin.users.sameAsConsole')}</MenuItem>
          {CONSOLE_ROLES.map((r) => (
            <MenuItem key={r} value={r}>
              {t(`roles.${r}`)}
            </MenuItem>
          ))}
        </TextField>
      ))}
    </Stack>
  );
}
