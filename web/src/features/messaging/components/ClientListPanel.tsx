import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { paths } from '../../../lib/paths';
import { clientIdList } from '../utils/compose';

type Change = UseMutationResult<unknown, Error, { add: boolean; clientIds: string[] }>;

interface Props {
  app: string;
  /** i18n key under messaging.: members or mutes. */
  list: 'members' | 'mutes';
  ids: string[];
  change: Change;
  canWrite: boolean;
}

/** A conversation's members or mutes: filter, add several, remove one (confirmed). */
export function ClientListPanel({ app, list, ids, change, canWrite }: Props) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const [adding, setAdding] = useState('');
  const [removing, setRemoving] = useState<string | null>(null);
  const shown = ids.filter((id) => id.toLowerCase().includes(filter.trim().toLowerCase()));
  const headingId = `${list}-heading`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={headingId}>
      <Typography variant="h6" component="h2" id={headingId}>
        {t(`messaging.${list}.title`, { count: ids.length })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t(`messaging.${list}.explain`)}
      </Typography>
      {ids.length > 5 && (
        <TextField
          size="small"
          type="search"
          fullWidth
          label={t(`messaging.${list}.filter`)}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      )}
      {change.error && !removing ? <ErrorAlert error={change.error} /> : null}
      <List dense sx={{ maxHeight: 280, overflow: 'auto' }}>
        {shown.map((id) => (
          <ListItem
            key={id}
            secondaryAction={
              canWrite ? (
                <IconButton
                  edge="end"
                  aria-label={t(`messaging.${list}.removeOne`, { client: id })}
                  onClick={() => setRemoving(id)}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              ) : undefined
            }
          >
            <ListItemText
              primary={
                <Link component={RouterLink} to={paths.imClient(app, id)}>
                  {id}
                </Link>
              }
            />
          </ListItem>
        ))}
        {shown.length === 0 && (
          <ListItem>
            <ListItemText secondary={t(`messaging.${list}.none`)} />
          </ListItem>
        )}
      </List>
      {canWrite && (
        <Stack
          component="form"
          direction="row"
          spacing={1}
          onSubmit={(e) => {
            e.preventDefault();
            const clientIds = clientIdList(adding);
            if (clientIds.length) change.mutate({ add: true, clientIds }, { onSuccess: () => setAdding('') });
          }}
        >
          <TextField
            size="small"
            fullWidth
            label={t(`messaging.${list}.addLabel`)}
            value={adding}
            onChange={(e) => setAdding(e.target.value)}
          />
          <Button type="submit" variant="outlined" disabled={change.isPending || !adding.trim()}>
            {t(`messaging.${list}.add`)}
          </Button>
        </Stack>
      )}
      {removing && (
        <ConfirmDialog
          title={t(`messaging.${list}.removeTitle`, { client: removing })}
          text={t(`messaging.${list}.removeText`)}
          confirmLabel={t(`messaging.${list}.remove`)}
          pending={change.isPending}
          error={change.error}
          onClose={() => {
            setRemoving(null);
            change.reset();
          }}
          onConfirm={() =>
            change.mutate({ add: false, clientIds: [removing] }, { onSuccess: () => setRemoving(null) })
          }
        />
      )}
    </Paper>
  );
}
