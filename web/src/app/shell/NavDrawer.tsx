import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ChatIcon from '@mui/icons-material/Chat';
import GroupIcon from '@mui/icons-material/Group';
import NotificationsIcon from '@mui/icons-material/Notifications';
import SecurityIcon from '@mui/icons-material/Security';
import SettingsIcon from '@mui/icons-material/Settings';
import StorageIcon from '@mui/icons-material/Storage';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../lib/paths';
import type { ConsoleArea } from '../../lib/paths';

const AREA_ICONS: Record<ConsoleArea, ReactNode> = {
  data: <StorageIcon />,
  users: <GroupIcon />,
  roles: <SecurityIcon />,
  push: <NotificationsIcon />,
  messaging: <ChatIcon />,
  settings: <SettingsIcon />,
};

const NAV_ORDER: readonly ConsoleArea[] = ['data', 'users', 'roles', 'push', 'messaging', 'settings'];

export function NavDrawer({ app }: { app: string }) {
  const { t } = useTranslation();
  return (
    <Box
      component="nav"
      aria-label={t('shell.navLabel')}
      sx={{ width: 200, flex: 'none', borderRight: 1, borderColor: 'divider', overflowY: 'auto' }}
    >
      <List component="div">
        {NAV_ORDER.map((area) => (
          <ListItemButton
            key={area}
            component={NavLink}
            to={paths.area(app, area)}
            sx={{
              '&.active': {
                bgcolor: 'action.selected',
                '& .MuiListItemIcon-root': { color: 'primary.main' },
              },
            }}
          >
            <ListItemIcon sx={{ minWidth: 40 }} aria-hidden>
              {AREA_ICONS[area]}
            </ListItemIcon>
            <ListItemText primary={t(`nav.${area}`)} />
          </ListItemButton>
        ))}
      </List>
    </Box>
  );
}
