import { createTheme } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';
import type { ColorMode } from '../components/theme/color-mode';

/** The platform's own fonts: the console must not fetch web fonts (offline, strict CSP). */
export const SYSTEM_FONT_STACK = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  '"Noto Sans"',
  '"PingFang SC"',
  '"Microsoft YaHei"',
  '"Noto Sans CJK SC"',
  '"Source Han Sans SC"',
  '"WenQuanYi Micro Hei"',
  'Arial',
  'sans-serif',
].join(',');

export function createAppTheme(mode: ColorMode): Theme {
  return createTheme({
    palette: { mode, primary: { main: mode === 'dark' ? '#90caf9' : '#1565c0' } },
    typography: { fontFamily: SYSTEM_FONT_STACK },
    shape: { borderRadius: 6 },
  });
}
