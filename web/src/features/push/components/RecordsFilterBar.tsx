import { useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PUSH_SOURCES, PUSH_STATUSES } from '@switchboard/shared';
import type { PushSource, PushStatus } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { allRecords } from '../api/records';
import { recordsCsv } from '../utils/records-csv';
import type { RecordsFilter } from '../utils/records-filter';

/** Saves text as a file the browser downloads. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

/**
 * Status, time range and notification id; and the CSV export of what they select. The page keys it
 * by the id in the URL, so the id being typed starts again from the URL's.
 */
export function RecordsFilterBar(p: {
  app: string;
  value: RecordsFilter;
  onChange: (f: RecordsFilter) => void;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const f = p.value;
  const [id, setId] = useState(f.id);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);
  const set = (patch: Partial<RecordsFilter>) => p.onChange({ ...f, ...patch });
  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const all = await allRecords(p.app, f, p.timeZone);
      download(`push-records-${p.app}.csv`, recordsCsv(all, t('push.records.everyone')));
    } catch (e) {
      setExportError(e);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        component="form"
        role="search"
        aria-label={t('push.records.filters')}
        sx={{ flexWrap: 'wrap', alignItems: 'center' }}
        onSubmit={(e) => {
          e.preventDefault();
          set({ id: id.trim() });
        }}
      >
        <TextField
          select
          size="small"
          label={t('push.records.filter')}
          value={f.status}
          onChange={(e) => set({ status: e.target.value as PushStatus | '' })}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('push.status.all')}</MenuItem>
          {PUSH_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`push.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('push.records.sourceFilter')}
          value={f.source}
          onChange={(e) => set({ source: e.target.value as PushSource | '' })}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('push.records.sourceAll')}</MenuItem>
          {PUSH_SOURCES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`push.records.source.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="date"
          size="small"
          label={t('push.records.from')}
          value={f.from}
          onChange={(e) => set({ from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          size="small"
          label={t('push.records.to')}
          value={f.to}
          onChange={(e) => set({ to: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          label={t('push.records.idFilter')}
          value={id}
          onChange={(e) => setId(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 64 } }}
        />
        <Button type="submit" variant="outlined">
          {t('push.records.apply')}
        </Button>
        <Button onClick={() => void exportCsv()} disabled={exporting}>
          {exporting ? t('push.records.exporting') : t('push.records.export')}
        </Button>
      </Stack>
      {exportError ? <ErrorAlert error={exportError} /> : null}
    </Stack>
  );
}
