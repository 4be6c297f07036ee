import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SUGGESTED_DEFAULT_ACL } from '@switchboard/shared';
import type { Acl } from '@switchboard/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { useAppPermission } from '../../../lib/session';
import { useDefaultAcl, useSaveDefaultAcl } from '../api/default-acl';
import { createObject } from '../editing/api';
import { refreshClass } from '../editing/cache';
import { isEditableColumn } from '../editing/codec';
import type { Parsed } from '../editing/json-text';
import { newObjectBody } from '../editing/rows';
import { columnTypeLabel } from '../utils/columns';
import type { GridColumn } from '../utils/columns';
import { NewObjectAcl } from './NewObjectAcl';
import { ValueEditor } from './ValueEditor';

export interface AddRowDialogProps {
  app: string;
  className: string;
  columns: readonly GridColumn[];
  onClose: () => void;
  onCreated?: (objectId: string) => void;
}

/**
 * A new object: a typed editor per field (all optional) and one ACL section, which starts from
 * the app's default ACL for new objects. The object is always created with an ACL.
 */
export function AddRowDialog({ app, className, columns, onClose, onCreated }: AddRowDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [results, setResults] = useState<ReadonlyMap<string, Parsed<unknown>>>(new Map());
  const defaults = useDefaultAcl(app);
  const saveDefault = useSaveDefaultAcl(app);
  const canSetDefault = useAppPermission(app, 'schema.write');
  const [chosenAcl, setChosenAcl] = useState<Acl>();
  const [makeDefault, setMakeDefault] = useState(false);
  const start = defaults.data?.defaultAcl ?? SUGGESTED_DEFAULT_ACL;
  const acl = chosenAcl ?? start;
  // The ACL has a section of its own: the schema's ACL column is not a field to fill in here.
  const fields = columns.filter((c) => isEditableColumn(c) && c.type !== 'ACL' && c.key !== 'ACL');
  const valid = [...results.values()].every((r) => r.ok) && defaults.data !== undefined;
  const create = useMutation({
    mutationFn: async () => {
      if (makeDefault) await saveDefault.mutateAsync(acl);
      const values = new Map([...results].map(([key, r]) => [key, r.ok ? r.value : undefined]));
      return createObject(app, className, { ...newObjectBody(values), ACL: acl });
    },
    onSuccess: (answer) => {
      void refreshClass(queryClient, app, className);
      onCreated?.(answer.objectId);
      onClose();
    },
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="add-row-title">
      <DialogTitle id="add-row-title">{t('edit.addTitle', { className })}</DialogTitle>
      <DialogContent>
        <Stack spacing={3} sx={{ pt: 1 }}>
          {create.error && <ErrorAlert error={create.error} />}
          {defaults.error && <ErrorAlert error={defaults.error} onRetry={() => void defaults.refetch()} />}
          {fields.map((col) => (
            <Stack key={col.key} spacing={1} role="group" aria-label={col.key}>
              <Typography variant="subtitle2">
                {col.key}{' '}
                <Typography component="span" variant="caption" color="text.secondary">
                  {columnTypeLabel(col)}
                </Typography>
              </Typography>
              <ValueEditor
                app={app}
                column={col}
                value={undefined}
                optional
                onChange={(r) => setResults((m) => new Map(m).set(col.key, r))}
              />
            </Stack>
          ))}
          {defaults.isPending && <LoadingState />}
          {defaults.data && (
            <NewObjectAcl
              app={app}
              defaults={defaults.data}
              start={start}
              onChange={setChosenAcl}
              canSetDefault={canSetDefault}
              makeDefault={makeDefault}
              onMakeDefaultChange={setMakeDefault}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('edit.cancel')}</Button>
        <Button variant="contained" disabled={!valid || create.isPending} onClick={() => create.mutate()}>
          {t('edit.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
