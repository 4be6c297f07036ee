import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { BulkResult } from './engine';

/** How a bulk run ended, with every failure by objectId. */
export function BulkSummary({ result }: { result: BulkResult }) {
  const { t } = useTranslation();
  const counts = { done: result.done, failed: result.failed };
  return (
    <>
      <Alert severity={result.failed > 0 ? 'warning' : 'success'} sx={{ mt: 2 }}>
        {result.cancelled ? t('bulk.cancelled', counts) : t('bulk.finished', counts)}
      </Alert>
      {result.failures.length > 0 && (
        <>
          <Typography variant="subtitle2" sx={{ mt: 2 }}>
            {t('bulk.failures')}
          </Typography>
          <List dense sx={{ maxHeight: 240, overflow: 'auto' }} aria-label={t('bulk.failures')}>
            {result.failures.map((f, i) => (
              <ListItem key={`${f.objectId}-${i}`}>
                <ListItemText
                  primary={f.objectId}
                  secondary={f.error}
                  slotProps={{ primary: { sx: { fontFamily: 'monospace' } } }}
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </>
  );
}
