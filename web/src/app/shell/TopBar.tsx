import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ConsoleUser } from '@switchboard/shared';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { ThemeToggle } from '../../components/ThemeToggle';
import { AppSelector } from '../../features/apps';
import { UserMenu } from './UserMenu';

export function TopBar({ app, user }: { app: string; user: ConsoleUser }) {
  const { t } = useTranslation();
  return (
    <AppBar position="static" color="default" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 2 }}>
        <Typography variant="h6" component="div" sx={{ fontWeight: 700 }}>
          {t('app.name')}
        </Typography>
        <AppSelector current={app} />
        <Box sx={{ flex: 1 }} />
        <ThemeToggle />
        <LanguageSwitch />
        <UserMenu user={user} />
      </Toolbar>
    </AppBar>
  );
}
