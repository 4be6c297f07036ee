import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParseErrorMessage } from '../../cells/ParseErrorText';
import type { ImportOutcome } from './run-import';

/** How an import ended: what was written, and every row that was not, with why. */
export function ImportResult({ outcome }: { outcome: ImportOutcome }) {
  const { t } = useTranslation();
  const parseMessage = useParseErrorMessage();
  const failures = [...outcome.failures].sort((a, b) => a.row - b.row);
  return (
    <Box sx={{ mt: 2 }}>
      <Alert severity={failures.length > 0 || outcome.cancelled ? 'warning' : 'success'}>
        {t('transfer.imported', { created: outcome.created, updated: outcome.updated })}
      </Alert>
      {outcome.cancelled && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t('transfer.cancelled')}
        </Alert>
      )}
      {failures.length > 0 && (
        <>
          <Typography sx={{ mt: 2 }}>{t('transfer.failures', { count: failures.length })}</Typography>
          <Box
            component="ul"
            aria-label={t('transfer.failures', { count: failures.length })}
            sx={{ maxHeight: 240, overflowY: 'auto' }}
          >
            {failures.map((f, i) => (
              <li key={i}>
                {t('transfer.failureRow', {
                  row: f.row,
                  message: f.cell
                    ? t('transfer.cellFailure', {
                        column: f.cell.column,
                        message: parseMessage(f.cell.error),
                      })
                    : (f.message ?? ''),
                })}
              </li>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
