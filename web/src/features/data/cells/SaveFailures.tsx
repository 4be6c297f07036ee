import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';
import type { RowFailure } from '../editing/queue';

/** The rows a save could not write, each with the server's reason. */
export function SaveFailures({
  failures,
  onClose,
}: {
  failures: readonly RowFailure[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  if (failures.length === 0) return null;
  return (
    <Alert severity="error" sx={{ mx: 2, mb: 1 }} onClose={onClose}>
      <AlertTitle>{t('edit.failuresTitle')}</AlertTitle>
      {failures.map((f) => (
        <div key={f.objectId}>{t('edit.saveFailed', { objectId: f.objectId, error: f.error })}</div>
      ))}
    </Alert>
  );
}
