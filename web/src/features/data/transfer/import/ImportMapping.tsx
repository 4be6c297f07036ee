import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { READ_ONLY_FIELDS } from '@switchboard/shared';
import type { ReportedField } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import type { ColumnMapping } from './coerce';

export interface ImportMappingProps {
  columns: readonly string[];
  fields: Record<string, ReportedField>;
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
}

const SKIP = '';
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Which field each file column goes to: a field of the class, a new one, objectId, or none. */
export function ImportMapping({ columns, fields, mapping, onChange }: ImportMappingProps) {
  const { t } = useTranslation();
  const writable = Object.keys(fields).filter(
    (f) => !(READ_ONLY_FIELDS as readonly string[]).includes(f) && fields[f]?.type !== 'Relation',
  );
  return (
    <Table size="small" aria-label={t('transfer.column')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('transfer.column')}</TableCell>
          <TableCell>{t('transfer.field')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {columns.map((column) => {
          const isNew = FIELD_NAME.test(column) && !Object.hasOwn(fields, column);
          return (
            <TableRow key={column}>
              <TableCell>{column}</TableCell>
              <TableCell>
                <Select
                  size="small"
                  fullWidth
                  value={mapping[column]?.field ?? SKIP}
                  inputProps={{ 'aria-label': t('transfer.field') + ': ' + column }}
                  onChange={(e) =>
                    onChange({
                      ...mapping,
                      [column]: e.target.value === SKIP ? null : { field: e.target.value },
                    })
                  }
                >
                  <MenuItem value={SKIP}>{t('transfer.skip')}</MenuItem>
                  <MenuItem value="objectId">objectId</MenuItem>
                  {writable.map((f) => (
                    <MenuItem key={f} value={f}>
                      {f} ({fields[f]?.type})
                    </MenuItem>
                  ))}
                  {isNew && <MenuItem value={column}>{t('transfer.newField', { field: column })}</MenuItem>}
                </Select>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
