import { useState } from 'react';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ConsoleUser } from '@switchboard/shared';
import { ErrorAlert } from '../../components/ErrorAlert';
import { paths } from '../../lib/paths';
import { useLogout } from '../../features/auth';

export function UserMenu({ user }: { user: ConsoleUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        setAnchor(null);
        void navigate(paths.login, { replace: true });
      },
    });

  return (
    <>
      <Tooltip title={t('shell.account')}>
        <IconButton
          color="inherit"
          aria-label={t('shell.account')}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <AccountCircleIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <ListItemText
          sx={{ px: 2, py: 1 }}
          primary={user.email}
          secondary={t('shell.role', { role: t(`roles.${user.role}`) })}
        />
        <Divider />
        {logout.error && <ErrorAlert error={logout.error} variant="inline" />}
        <MenuItem onClick={signOut} disabled={logout.isPending}>
          {t('shell.signOut')}
        </MenuItem>
      </Menu>
    </>
  );
}
