import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { deleteObjectRequest } from '../editing/api';
import { fieldWrite, objectPath } from '../editing/conditional';
import { isEditableColumn } from '../editing/codec';
import { ok } from '../editing/json-text';
import type { Parsed } from '../editing/json-text';
import { ValueEditor } from '../cells/ValueEditor';
import type { GridColumn } from '../utils/columns';
import { BulkSummary } from './BulkSummary';
import { useBulkRun } from './use-bulk-run';

export type BulkAction = 'set' | 'delete';

export interface BulkDialogProps {
  app: string;
  className: string;
  columns: readonly GridColumn[];
  selection: readonly string[];
  /** The current filter (the URL's where). */
  where: Record<string, unknown>;
  action?: BulkAction;
  onClose: () => void;
}

/** Set one field, or delete, on the selection or on everything the filter matches. */
export function BulkDialog({
  app,
  className,
  columns,
  selection,
  where,
  action: initial,
  onClose,
}: BulkDialogProps) {
  const { t } = useTranslation();
  const editable = columns.filter(isEditableColumn);
  const [action, setAction] = useState<BulkAction>(initial ?? 'set');
  const [scope, setScope] = useState<'selection' | 'filter'>(selection.length > 0 ? 'selection' : 'filter');
  const [field, setField] = useState(editable[0]?.key ?? '');
  const [value, setValue] = useState<Parsed<unknown>>(ok(null));
  const run = useBulkRun(app, className);
  const column = editable.find((c) => c.key === field);
  const canStart = action === 'delete' || (column !== undefined && value.ok);
  const started = run.progress !== undefined;

  const start = () => {
    const targets =
      scope === 'selection' ? { kind: 'ids' as const, ids: selection } : { kind: 'filter' as const, where };
    if (action === 'delete') void run.start(targets, (id) => deleteObjectRequest(className, id));
    else if (value.ok)
      void run.start(targets, (id) => ({
        method: 'PUT',
        path: objectPath(className, id),
        body: { [field]: fieldWrite(value.value) },
      }));
  };

  const close = () => {
    if (started) run.refresh();
    onClose();
  };

  const progress = run.progress;
  const percent = progress?.total ? (100 * progress.done) / progress.total : undefined;

  return (
    <Dialog
      open
      onClose={run.running ? undefined : close}
      fullWidth
      maxWidth="sm"
      aria-labelledby="bulk-title"
    >
      <DialogTitle id="bulk-title">{t('bulk.title', { className })}</DialogTitle>
      <DialogContent>
        {!started && (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              select
              label={t('bulk.action')}
              value={action}
              onChange={(e) => setAction(e.target.value as BulkAction)}
            >
              <MenuItem value="set">{t('bulk.setField')}</MenuItem>
              <MenuItem value="delete">{t('bulk.delete')}</MenuItem>
            </TextField>
            <RadioGroup
              value={scope}
              onChange={(e) => setScope(e.target.value as 'selection' | 'filter')}
              aria-label={t('bulk.scope')}
            >
              <FormControlLabel
                value="selection"
                disabled={selection.length === 0}
                control={<Radio />}
                label={t('bulk.scopeSelection', { count: selection.length })}
              />
              <FormControlLabel value="filter" control={<Radio />} label={t('bulk.scopeFilter')} />
            </RadioGroup>
            {action === 'set' && (
              <>
                <TextField
                  select
                  label={t('bulk.field')}
                  value={field}
                  onChange={(e) => setField(e.target.value)}
                >
                  {editable.map((c) => (
                    <MenuItem key={c.key} value={c.key}>
                      {c.key}
                    </MenuItem>
                  ))}
                </TextField>
                {column && (
                  <ValueEditor
                    key={column.key}
                    app={app}
                    column={column}
                    value={undefined}
                    onChange={setValue}
                  />
                )}
              </>
            )}
            {action === 'delete' && <Alert severity="warning">{t('bulk.confirmDelete')}</Alert>}
          </Stack>
        )}
        {progress && (
          <Stack spacing={1} sx={{ pt: 1 }}>
            <LinearProgress
              variant={percent === undefined ? 'indeterminate' : 'determinate'}
              value={percent}
              aria-label={t('bulk.title', { className })}
            />
            <Typography variant="body2">
              {progress.total === undefined
                ? t('bulk.progressOpen', { done: progress.done })
                : t('bulk.progress', { done: progress.done, total: progress.total })}
            </Typography>
          </Stack>
        )}
        {run.result && <BulkSummary result={run.result} />}
      </DialogContent>
      <DialogActions>
        {run.running && <Button onClick={run.cancel}>{t('bulk.cancel')}</Button>}
        {!run.running && <Button onClick={close}>{started ? t('bulk.close') : t('bulk.cancel')}</Button>}
        {!started && (
          <Button
            variant="contained"
            color={action === 'delete' ? 'error' : 'primary'}
            disabled={!canStart}
            onClick={start}
          >
            {t('bulk.start')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
