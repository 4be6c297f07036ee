import { useState } from 'react';
import Button from '@mui/material/Button';
import SchemaIcon from '@mui/icons-material/Schema';
import { useTranslation } from 'react-i18next';
import { useCanWriteSchema } from '../../api/get-capabilities';
import { DeleteClassButton } from './DeleteClassButton';
import { SchemaDrawer } from './SchemaDrawer';

/** Opens the schema of a class (read for everyone who sees the class, changes for those allowed). */
export function SchemaButton({ app, className }: { app: string; className: string }) {
  const { t } = useTranslation();
  const canWrite = useCanWriteSchema(app);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<SchemaIcon />} onClick={() => setOpen(true)}>
        {t('classes.schema')}
      </Button>
      {open && (
        <SchemaDrawer app={app} className={className} canWrite={canWrite} onClose={() => setOpen(false)} />
      )}
    </>
  );
}

/**
 * The class page header's schema actions: the schema view always, deleting the class only for
 * users with schema.write in this app, on an upstream that offers schema writes, and never for a
 * built-in class (the server refuses those anyway).
 */
export function ClassHeaderActions({ app, className }: { app: string; className: string }) {
  const canWrite = useCanWriteSchema(app);
  return (
    <>
      <SchemaButton app={app} className={className} />
      {canWrite && !className.startsWith('_') && <DeleteClassButton app={app} className={className} />}
    </>
  );
}
