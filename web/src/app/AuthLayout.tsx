import Box from '@mui/material/Box';
import { Outlet } from 'react-router';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { ThemeToggle } from '../components/ThemeToggle';

/** Frame of the pages seen before signing in: the form, with theme and language at hand. */
export function AuthLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
        <ThemeToggle />
        <LanguageSwitch />
      </Box>
      <Box
        component="main"
        sx={{
          flex: 1,
          display: 'flex',
          alignItems: 'flex-start',
          justifyContent: 'center',
          p: 2,
          pt: '10vh',
        }}
      >
        <Outlet />
      </Box>
    </Box>
  );
}
