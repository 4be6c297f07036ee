import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import TuneIcon from '@mui/icons-material/Tune';
import { isReservedField } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { useSchemas } from '../../api/get-schemas';
import { ClassPermissionsSection } from '../../permissions/ClassPermissionsSection';
import { optionsOf } from '../../utils/field-options';
import { AddFieldForm } from './AddFieldForm';
import { DeleteFieldDialog } from './DeleteFieldDialog';
import { FieldOptionsDialog } from './FieldOptionsDialog';

export interface SchemaDrawerProps {
  app: string;
  className: string;
  /** Shows "add field", the options and delete buttons, and the permission editors. */
  canWrite: boolean;
  onClose: () => void;
}

/**
 * The fields of a class with their types, targets and options, and the class's permissions;
 * adding, changing and deleting for those allowed.
 */
export function SchemaDrawer({ app, className, canWrite, onClose }: SchemaDrawerProps) {
  const { t } = useTranslation();
  const schemas = useSchemas(app);
  const [deleting, setDeleting] = useState<string>();
  const [tuning, setTuning] = useState<string>();
  const fields = Object.entries(schemas.data?.[className] ?? {});
  const titleId = 'schema-drawer-title';

  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{ paper: { 'aria-labelledby': titleId, sx: { width: 560, maxWidth: '100vw' } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1 }} noWrap>
          {t('classes.schemaTitle', { className })}
        </Typography>
        <IconButton aria-label={t('classes.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ px: 2, pb: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
        {schemas.isPending && <LoadingState />}
        {schemas.error && <ErrorAlert error={schemas.error} onRetry={() => void schemas.refetch()} />}
        {schemas.data && (
          <Table size="small" aria-labelledby={titleId}>
            <TableHead>
              <TableRow>
                <TableCell>{t('classes.field')}</TableCell>
                <TableCell>{t('classes.type')}</TableCell>
                <TableCell>{t('classes.targetClass')}</TableCell>
                <TableCell>{t('fieldOptions.options')}</TableCell>
                {canWrite && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {fields.map(([name, field]) => {
                const reserved = isReservedField(className, name);
                return (
                  <TableRow key={name}>
                    <TableCell component="th" scope="row">
                      {name}{' '}
                      {reserved && <Chip size="small" variant="outlined" label={t('classes.builtIn')} />}
                    </TableCell>
                    <TableCell>{field.type}</TableCell>
                    <TableCell>{field.className ?? ''}</TableCell>
                    <TableCell>
                      {optionsOf(field)
                        .map((o) => t(o === 'default' ? 'fieldOptions.hasDefault' : `fieldOptions.${o}`))
                        .join(', ')}
                    </TableCell>
                    {canWrite && (
                      <TableCell padding="checkbox" sx={{ whiteSpace: 'nowrap' }}>
                        {!reserved && (
                          <IconButton
                            size="small"
                            aria-label={t('fieldOptions.edit', { name })}
                            onClick={() => setTuning(name)}
                          >
                            <TuneIcon fontSize="small" />
                          </IconButton>
                        )}
                        {!reserved && (
                          <IconButton
                            size="small"
                            aria-label={t('classes.deleteField', { name })}
                            onClick={() => setDeleting(name)}
                          >
                            <DeleteIcon fontSize="small" />
                          </IconButton>
                        )}
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
        {canWrite && schemas.data && (
          <AddFieldForm
            app={app}
            className={className}
            existing={fields.map(([name]) => name)}
            classes={Object.keys(schemas.data)}
          />
        )}
        <ClassPermissionsSection app={app} className={className} canWrite={canWrite} />
      </Box>
      {tuning && schemas.data?.[className]?.[tuning] && (
        <FieldOptionsDialog
          app={app}
          className={className}
          name={tuning}
          field={schemas.data[className][tuning]}
          onClose={() => setTuning(undefined)}
        />
      )}
      {deleting && (
        <DeleteFieldDialog
          app={app}
          className={className}
          field={deleting}
          onClose={() => setDeleting(undefined)}
        />
      )}
    </Drawer>
  );
}
