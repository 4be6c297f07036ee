import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { paths } from '../../../lib/paths';
import { useCanWriteSchema } from '../api/get-capabilities';
import { useClassStats } from '../api/get-class-stats';
import type { ClassStat } from '../api/get-class-stats';
import { useSchemas } from '../api/get-schemas';
import { isKnownEmpty } from '../utils/estimate';
import { filterClassNames } from '../utils/filter';
import { ClassCount } from './ClassCount';
import { CreateClassButton } from './classes/CreateClassButton';
import { useHideEmptyClasses } from './classes/use-hide-empty';

function ClassLink(props: { app: string; className: string; stat: ClassStat | 'loading' | undefined }) {
  const { app, className } = props;
  const id = useId();
  return (
    <ListItem
      component="div"
      disablePadding
      secondaryAction={<ClassCount app={app} className={className} id={`${id}-count`} stat={props.stat} />}
    >
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
      </ListItemButton>
    </ListItem>
  );
}

export function ClassList({ app }: { app: string }) {
  const { t } = useTranslation();
  const schemas = useSchemas(app);
  const stats = useClassStats(app);
  const canWrite = useCanWriteSchema(app);
  const [hideEmpty, setHideEmpty] = useHideEmptyClasses();
  const [search, setSearch] = useState('');
  const all = Object.keys(schemas.data ?? {});
  const statOf = (name: string) =>
    stats.status === 'ready' ? stats.byName.get(name) : stats.status === 'loading' ? 'loading' : undefined;
  const matching = filterClassNames(all, search);
  const hiding = hideEmpty && stats.status === 'ready';
  const names = hiding ? matching.filter((n) => !isKnownEmpty(stats.byName.get(n))) : matching;
  const hidden = matching.length - names.length;

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
      <Box sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <TextField
          label={t('data.searchClasses')}
          type="search"
          size="small"
          fullWidth
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        {stats.status === 'ready' && (
          <FormControlLabel
            control={
              <Switch size="small" checked={hideEmpty} onChange={(e) => setHideEmpty(e.target.checked)} />
            }
            label={<Typography variant="body2">{t('classes.hideEmpty')}</Typography>}
          />
        )}
        {canWrite && <CreateClassButton app={app} existing={all} />}
      </Box>
      <Box sx={{ flex: 1, overflow: 'auto' }}>
        {schemas.isPending && <LoadingState />}
        {schemas.error && (
          <Box sx={{ p: 1.5 }}>
            <ErrorAlert error={schemas.error} onRetry={() => void schemas.refetch()} />
          </Box>
        )}
        {schemas.data && names.length === 0 && hidden === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
            {search.trim() ? t('data.noMatch', { search: search.trim() }) : t('data.noClasses')}
          </Typography>
        )}
        <List component="div" dense disablePadding>
          {names.map((name) => (
            <ClassLink key={name} app={app} className={name} stat={statOf(name)} />
          ))}
        </List>
        {hidden > 0 && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 2, py: 1 }}>
            {t('classes.emptyHidden', { count: hidden })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
