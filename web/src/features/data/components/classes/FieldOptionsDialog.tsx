import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { asFieldType } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { useUpdateFieldOptions } from '../../api/class-permissions';
import { definitionWith, draftOf } from '../../utils/field-options';
import { FieldOptionsInputs } from './FieldOptionsInputs';

/** Changes an existing field's options; its type and target class are sent unchanged. */
export function FieldOptionsDialog({
  app,
  className,
  name,
  field,
  onClose,
}: {
  app: string;
  className: string;
  name: string;
  field: { type: string; className?: string | undefined } & Record<string, unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateFieldOptions(app, className);
  const [draft, setDraft] = useState(() => draftOf(field));
  const type = asFieldType(field.type) ?? 'String';
  const definition = definitionWith({ type, targetClass: field.className }, draft);
  const titleId = 'field-options-title';

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('fieldOptions.editTitle', { name })}</DialogTitle>
      <DialogContent>
        <FieldOptionsInputs type={type} value={draft} onChange={setDraft} />
        {update.error && <ErrorAlert error={update.error} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('fieldOptions.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!definition}
          loading={update.isPending}
          onClick={() => definition && update.mutate({ name, field: definition }, { onSuccess: onClose })}
        >
          {t('fieldOptions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
