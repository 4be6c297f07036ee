import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { useTranslation } from 'react-i18next';
import { useColorMode } from './theme/color-mode';

export function ThemeToggle() {
  const { t } = useTranslation();
  const { mode, toggle } = useColorMode();
  const label = mode === 'dark' ? t('shell.themeToLight') : t('shell.themeToDark');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} onClick={toggle}>
        {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
      </IconButton>
    </Tooltip>
  );
}
