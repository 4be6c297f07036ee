import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useApps } from '../api/get-apps';
import { switchAppPath } from '../utils/switch-app';

/** Chooses the upstream app whose data the console shows; the choice lives in the URL (:app). */
export function AppSelector({ current }: { current: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const apps = useApps();

  if (apps.error) return <ErrorAlert error={apps.error} variant="inline" />;
  const list = apps.data ?? [];
  // Until the list arrives (or when the URL names an unknown app) the current value has no option.
  const value = list.some((a) => a.id === current) ? current : '';

  return (
    <TextField
      select
      size="small"
      label={t('shell.appSelector')}
      value={value}
      onChange={(e) => void navigate(switchAppPath(location.pathname, e.target.value))}
      sx={{ minWidth: 180, '& .MuiInputBase-root': { bgcolor: 'background.paper' } }}
    >
      {list.map((app) => (
        <MenuItem key={app.id} value={app.id}>
          {app.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
