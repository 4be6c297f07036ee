import Box from '@mui/material/Box';
import { Outlet } from 'react-router';
import { useApps, UnknownAppNotice } from '../../features/apps';
import { useSession } from '../../features/auth';
import { useRequiredParam } from '../../lib/routing';
import { NavDrawer } from './NavDrawer';
import { TopBar } from './TopBar';

/** The console frame for one app: top bar, section navigation, and the open section. */
export function AppShell() {
  const app = useRequiredParam('app');
  // RequireSession renders this only once the session is known.
  const user = useSession().data?.user;
  const apps = useApps();
  const unknownApp = apps.data !== undefined && !apps.data.some((a) => a.id === app);
  if (!user) return null;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100vh' }}>
      <TopBar app={app} user={user} />
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        <NavDrawer app={app} />
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
