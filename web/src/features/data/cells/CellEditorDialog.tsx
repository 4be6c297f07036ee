import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { ok } from '../editing/json-text';
import type { Parsed } from '../editing/json-text';
import type { GridColumn } from '../utils/columns';
import { ValueEditor } from './ValueEditor';

export interface CellEdit {
  objectId: string;
  column: GridColumn;
  value: unknown;
}

export interface CellEditorDialogProps {
  app: string;
  edit: CellEdit;
  /** `undefined` removes the field from the object. */
  onSave: (value: unknown) => void;
  onClose: () => void;
}

/** The editor of one cell; Save stays off while the input does not parse. */
export function CellEditorDialog({ app, edit, onSave, onClose }: CellEditorDialogProps) {
  const { t } = useTranslation();
  const [result, setResult] = useState<Parsed<unknown>>(ok(edit.value));
  const [removing, setRemoving] = useState(false);
  const field = edit.column.key;

  const submit = () => {
    if (removing) onSave(undefined);
    else if (result.ok) onSave(result.value);
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="cell-editor-title">
      <DialogTitle id="cell-editor-title">
        {t('edit.editCell', { field })} ·{' '}
        <Box component="span" sx={{ fontFamily: 'monospace' }}>
          {edit.objectId}
        </Box>
      </DialogTitle>
      <DialogContent>
        <Box
          component="form"
          sx={{ pt: 1 }}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          onKeyDown={(e) => {
            // Ctrl/Cmd+Enter saves from a multi-line input, where Enter is a new line.
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
          }}
        >
          {removing ? (
            <Alert severity="warning">{t('edit.willRemove')}</Alert>
          ) : (
            <ValueEditor
              app={app}
              column={edit.column}
              value={edit.value}
              onChange={(r) => {
                setRemoving(false);
                setResult(r);
              }}
            />
          )}
          <button type="submit" hidden />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onSave(null)}>{t('edit.setNull')}</Button>
        {edit.value !== undefined && (
          <Button color="error" onClick={() => setRemoving(true)} disabled={removing}>
            {t('edit.removeField')}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose}>{t('edit.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={!removing && !result.ok}>
          {t('edit.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
