import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../components/LoadingState';
import { useRequiredParam } from '../../lib/routing';
import { useSession } from '../../lib/session';
import { paths } from '../../lib/paths';
import type { AdminPage, ConsoleArea } from '../../lib/paths';
import { ADMIN_PAGE_NEEDS, visibleAdminPages } from './admin-pages';
import { AREA_NEEDS, areaState, landingArea } from './app-areas';
import { useAppAccess } from './use-app-access';

/*
 * The gates put one plain refusal where an area's pages would be, when the role may not use the
 * area or the app does not offer it: none of the area's frame (lists, grids, pagers) and none of
 * its requests, which the bff would only refuse. Only the bff decides; this keeps a deep link
 * from a dead end.
 */

interface RefusalProps {
  title: string;
  message: string;
  hint: string;
  severity: 'warning' | 'info';
  /** The user's landing page in the app, offered as the way on. */
  landing: ConsoleArea | undefined;
}

function Refusal({ title, message, hint, severity, landing }: RefusalProps) {
  const { t } = useTranslation();
  const app = useRequiredParam('app');
  return (
    <Box sx={{ p: 3, maxWidth: 720, display: 'grid', gap: 2 }}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Alert severity={severity}>
        <Typography variant="body1">{message}</Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {hint}
        </Typography>
      </Alert>
      {landing && (
        <Button component={RouterLink} to={paths.area(app, landing)} sx={{ justifySelf: 'start' }}>
          {t('shell.goTo', { area: t(`nav.${landing}`) })}
        </Button>
      )}
    </Box>
  );
}

/** One app area's routes: usable when the role in the app may and the app offers the area. */
export function AreaGate({ area }: { area: ConsoleArea }) {
  const { t } = useTranslation();
  const app = useRequiredParam('app');
  const { role, permissions, caps } = useAppAccess(app);
  const state = areaState(area, permissions, caps);
  if (state === 'open') return <Outlet />;
  if (state === 'unknown') return <LoadingState />;

  const name = t(`nav.${area}`);
  const landing = landingArea(permissions, caps);
  const forbidden = state === 'forbidden';
  return (
    <Refusal
      title={name}
      message={
        forbidden
          ? t('shell.refused', {
              role: role ? t(`roles.${role}`) : '',
              area: name,
              permission: AREA_NEEDS[area].permission ?? '',
            })
          : t('shell.notOffered', { area: name })
      }
      hint={forbidden ? t('shell.refusedHint') : t('shell.notOfferedHint')}
      severity={forbidden ? 'warning' : 'info'}
      landing={landing === area ? undefined : landing}
    />
  );
}

/** One console-wide admin page: usable when the console-wide role holds its permission. */
export function AdminGate({ page }: { page: AdminPage }) {
  const { t } = useTranslation();
  const app = useRequiredParam('app');
  const session = useSession().data;
  const { permissions, caps } = useAppAccess(app);
  if (!session) return <LoadingState />;
  if (visibleAdminPages(session.permissions).includes(page)) return <Outlet />;
  const name = t(`admin.nav.${page}`);
  return (
    <Refusal
      title={name}
      message={t('shell.refusedConsole', {
        role: t(`roles.${session.user.role}`),
        area: name,
        permission: ADMIN_PAGE_NEEDS[page],
      })}
      hint={t('shell.refusedHint')}
      severity="warning"
      landing={landingArea(permissions, caps)}
    />
  );
}
