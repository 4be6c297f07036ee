import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { paths } from '../../../lib/paths';
import { useSchemas } from '../api/get-schemas';
import { filterClassNames } from '../utils/filter';
import { ClassCount } from './ClassCount';

function ClassLink({ app, className }: { app: string; className: string }) {
  const id = useId();
  return (
    <ListItemButton
      component={NavLink}
      to={paths.dataClass(app, className)}
      aria-labelledby={`${id}-name`}
      aria-describedby={`${id}-count`}
      sx={{ py: 0.5, '&.active': { bgcolor: 'action.selected' } }}
    >
      <ListItemText
        primary={className}
        slotProps={{ primary: { id: `${id}-name`, noWrap: true, title: className } }}
      />
      <ClassCount app={app} className={className} id={`${id}-count`} />
    </ListItemButton>
  );
}

export function ClassList({ app }: { app: string }) {
  const { t } = useTranslation();
  const schemas = useSchemas(app);
  const [search, setSearch] = useState('');
  const names = filterClassNames(Object.keys(schemas.data ?? {}), search);

  return (
    <Box
      component="nav"
      aria-label={t('data.classes')}
      sx={{
        width: 260,
        flex: 'none',
        borderRight: 1,
        borderColor: 'divider',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Box sx={{ p: 1.5 }}>
        <TextField
          label={t('data.searchClasses')}
          type="search"
          size="small"
          fullWidth
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </Box>
      <Box sx={{ flex: 1, overflow: 'auto' }}>
        {schemas.isPending && <LoadingState />}
        {schemas.error && (
          <Box sx={{ p: 1.5 }}>
            <ErrorAlert error={schemas.error} onRetry={() => void schemas.refetch()} />
          </Box>
        )}
        {schemas.data && names.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
            {search.trim() ? t('data.noMatch', { search: search.trim() }) : t('data.noClasses')}
          </Typography>
        )}
        <List component="div" dense disablePadding>
          {names.map((name) => (
            <ClassLink key={name} app={app} className={name} />
          ))}
        </List>
      </Box>
    </Box>
  );
}
