import Box from '@mui/material/Box';
import { Outlet } from 'react-router';
import { useApps, UnknownAppNotice } from '../../features/apps';
import { useSession } from '../../features/auth';
import { PreferencesSync } from '../../features/settings';
import { useRequiredParam } from '../../lib/routing';
import { visibleAdminPages } from './admin-pages';
import { NavDrawer } from './NavDrawer';
import { TopBar } from './TopBar';

/** The console frame for one app: top bar, section navigation, and the open section. */
export function AppShell() {
  const app = useRequiredParam('app');
  // RequireSession renders this only once the session is known.
  const session = useSession().data;
  const user = session?.user;
  const adminPages = visibleAdminPages(session?.permissions ?? []);
  const apps = useApps();
  const unknownApp = apps.data !== undefined && !apps.data.some((a) => a.id === app);
  if (!user) return null;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100vh' }}>
      <PreferencesSync />
      <TopBar app={app} user={user} />
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        <NavDrawer app={app} adminPages={adminPages} />
        <Box
          component="main"
          sx={{ flex: 1, minWidth: 0, overflow: 'auto', display: 'flex', flexDirection: 'column' }}
        >
          {unknownApp ? <UnknownAppNotice app={app} /> : <Outlet />}
        </Box>
      </Box>
    </Box>
  );
}
