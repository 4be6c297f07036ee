import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { useRequiredParam } from '../../../lib/routing';
import { MessagingTabs } from './MessagingTabs';

/** Finds a client by its id (a logged-in client's id is usually its user's objectId). */
export function ClientsPage() {
  const { t } = useTranslation();
  const app = useRequiredParam('app');
  const navigate = useNavigate();
  const [id, setId] = useState('');
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('messaging.title')}
      </Typography>
      <MessagingTabs app={app} current="clients" />
      <Stack
        component="form"
        direction="row"
        spacing={2}
        sx={{ alignItems: 'flex-start', maxWidth: 560 }}
        onSubmit={(e) => {
          e.preventDefault();
          if (id.trim()) void navigate(paths.imClient(app, id.trim()));
        }}
      >
        <TextField
          size="small"
          fullWidth
          label={t('messaging.clients.find')}
          helperText={t('messaging.clients.hint')}
          value={id}
          onChange={(e) => setId(e.target.value)}
        />
        <Button type="submit" variant="contained" disabled={!id.trim()}>
          {t('messaging.clients.open')}
        </Button>
      </Stack>
    </Box>
  );
}
