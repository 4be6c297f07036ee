import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParseErrorMessage } from '../../cells/ParseErrorText';
import type { PreparedRow } from './coerce';

export const PREVIEW_ROWS = 20;

export interface ImportPreviewProps {
  columns: readonly string[];
  raw: readonly Record<string, unknown>[];
  prepared: readonly PreparedRow[];
}

const shown = (v: unknown) => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/** The first rows as read from the file; a cell that does not fit its field is marked and explained. */
export function ImportPreview({ columns, raw, prepared }: ImportPreviewProps) {
  const { t } = useTranslation();
  const message = useParseErrorMessage();
  const count = Math.min(PREVIEW_ROWS, raw.length);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {t('transfer.preview', { count })}
      </Typography>
      <Table size="small" aria-label={t('transfer.preview', { count })}>
        <TableHead>
          <TableRow>
            <TableCell>{t('transfer.row')}</TableCell>
            {columns.map((c) => (
              <TableCell key={c}>{c}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {raw.slice(0, PREVIEW_ROWS).map((row, i) => (
            <TableRow key={i}>
              <TableCell>{i + 1}</TableCell>
              {columns.map((c) => {
                const error = prepared[i]?.errors.find((e) => e.column === c)?.error;
                return (
                  <TableCell
                    key={c}
                    aria-invalid={error ? true : undefined}
                    title={error ? message(error) : undefined}
                    sx={error ? { bgcolor: 'error.light', color: 'error.contrastText' } : undefined}
                  >
                    {shown(row[c])}
                    {error && (
                      <Typography variant="caption" component="div">
                        {message(error)}
                      </Typography>
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
