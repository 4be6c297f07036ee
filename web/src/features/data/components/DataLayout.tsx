import Box from '@mui/material/Box';
import { Outlet } from 'react-router';
import { useRequiredParam } from '../../../lib/routing';
import { ClassList } from './ClassList';

/** The Data area: the class list beside whatever class is open. */
export function DataLayout() {
  const app = useRequiredParam('app');
  return (
    <Box sx={{ display: 'flex', height: '100%', minHeight: 0 }}>
      <ClassList app={app} />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Outlet />
      </Box>
    </Box>
  );
}
