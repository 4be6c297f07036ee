import { darken, lighten } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';

/**
 * Text in the warning hue that keeps a 4.5:1 contrast on the page's background (warning.main on
 * white is about 3:1, too faint to read), as MUI's own warning alerts darken it.
 */
export const warningText = (theme: Theme): string =>
  theme.palette.mode === 'light'
    ? darken(theme.palette.warning.main, 0.5)
    : lighten(theme.palette.warning.main, 0.5);
