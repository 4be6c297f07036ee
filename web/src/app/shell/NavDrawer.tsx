import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ChatIcon from '@mui/icons-material/Chat';
import Divider from '@mui/material/Divider';
import HistoryIcon from '@mui/icons-material/History';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MoveToInboxIcon from '@mui/icons-material/MoveToInbox';
import GroupIcon from '@mui/icons-material/Group';
import NotificationsIcon from '@mui/icons-material/Notifications';
import SecurityIcon from '@mui/icons-material/Security';
import SettingsIcon from '@mui/icons-material/Settings';
import StorageIcon from '@mui/icons-material/Storage';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { migratePaths } from '../../features/migrate';
import { paths } from '../../lib/paths';
import { useAppPermission } from '../../lib/session';
import type { AdminPage, ConsoleArea } from '../../lib/paths';
import { visibleAreas } from './app-areas';
import { useAppAccess } from './use-app-access';

const AREA_ICONS: Record<ConsoleArea, ReactNode> = {
  data: <StorageIcon />,
  users: <GroupIcon />,
  roles: <SecurityIcon />,
  push: <NotificationsIcon />,
  messaging: <ChatIcon />,
  settings: <SettingsIcon />,
};

const ADMIN_ICONS: Record<AdminPage, ReactNode> = {
  users: <ManageAccountsIcon />,
  audit: <HistoryIcon />,
};

const activeSx = {
  '&.active': {
    bgcolor: 'action.selected',
    '& .MuiListItemIcon-root': { color: 'primary.main' },
  },
};

export interface NavDrawerProps {
  app: string;
  /** The admin pages the session may open; the others are not listed. */
  adminPages?: readonly AdminPage[];
}

export function NavDrawer({ app, adminPages = [] }: NavDrawerProps) {
  const { t } = useTranslation();
  const canMigrate = useAppPermission(app, 'migrate.run');
  // Only what the role may use and the app offers: a listed area never ends in a refusal.
  const { permissions, caps } = useAppAccess(app);
  const areas = visibleAreas(permissions, caps);
  return (
    <Box
      component="nav"
      aria-label={t('shell.navLabel')}
      sx={{ width: 200, flex: 'none', borderRight: 1, borderColor: 'divider', overflowY: 'auto' }}
    >
      <List component="div">
        {areas.map((area) => (
          <ListItemButton key={area} component={NavLink} to={paths.area(app, area)} sx={activeSx}>
            <ListItemIcon sx={{ minWidth: 40 }} aria-hidden>
              {AREA_ICONS[area]}
            </ListItemIcon>
            <ListItemText primary={t(`nav.${area}`)} />
          </ListItemButton>
        ))}
        {canMigrate && (
          <ListItemButton component={NavLink} to={migratePaths.home(app)} sx={activeSx}>
            <ListItemIcon sx={{ minWidth: 40 }} aria-hidden>
              <MoveToInboxIcon />
            </ListItemIcon>
            <ListItemText primary={t('migrate.nav')} />
          </ListItemButton>
        )}
        {adminPages.length > 0 && <Divider sx={{ my: 1 }} />}
        {adminPages.map((page) => (
          <ListItemButton key={page} component={NavLink} to={paths.admin(app, page)} sx={activeSx}>
            <ListItemIcon sx={{ minWidth: 40 }} aria-hidden>
              {ADMIN_ICONS[page]}
            </ListItemIcon>
            <ListItemText primary={t(`admin.nav.${page}`)} />
          </ListItemButton>
        ))}
      </List>
    </Box>
  );
}
