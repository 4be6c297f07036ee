import { useState } from 'react';
import Button from '@mui/material/Button';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import type { ReportedField } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { ImportDialog } from './import/ImportDialog';
import { useAppPermission } from '../../../lib/session';

export interface ImportButtonProps {
  app: string;
  className: string;
  fields: Record<string, ReportedField> | undefined;
}

/** "Import" on the class page, for roles that may write data, once the schema is known. */
export function ImportButton({ app, className, fields }: ImportButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const canWrite = useAppPermission(app, 'data.write');
  if (!canWrite || !fields) return null;
  return (
    <>
      <Button startIcon={<FileUploadIcon />} onClick={() => setOpen(true)}>
        {t('transfer.import')}
      </Button>
      {open && (
        <ImportDialog app={app} className={className} fields={fields} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
