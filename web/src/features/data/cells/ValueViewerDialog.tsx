import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { prettyJson } from '../editing/json-text';

export interface ValueViewerDialogProps {
  field: string;
  objectId: string;
  value: unknown;
  onClose: () => void;
}

/** The whole of a value the grid cuts short: text as it is, anything else as pretty JSON. */
export function ValueViewerDialog({ field, objectId, value, onClose }: ValueViewerDialogProps) {
  const { t } = useTranslation();
  const text = typeof value === 'string' ? value : prettyJson(value);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="value-viewer-title">
      <DialogTitle id="value-viewer-title">{t('edit.valueTitle', { field, objectId })}</DialogTitle>
      <DialogContent>
        <Box
          component="pre"
          sx={{
            m: 0,
            fontFamily: 'monospace',
            fontSize: 13,
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
          }}
        >
          {text}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('edit.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
