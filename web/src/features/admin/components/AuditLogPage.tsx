import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { consoleRoutes } from '@switchboard/shared';
import type { AuditEntry, AuditFilter } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { useAuditLog } from '../api/audit';
import { auditExportUrl, toAuditFilter } from '../utils/audit-query';
import { AuditEntryDrawer } from './AuditEntryDrawer';
import { AuditFilters } from './AuditFilters';
import { AuditTable } from './AuditTable';

/** Who did what in the console, filtered, paged newest first, and exportable. */
export function AuditLogPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<AuditFilter>({});
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const log = useAuditLog(filter);
  const entries = log.data?.pages.flatMap((p) => p.results) ?? [];
  const exportPath = consoleRoutes.exportAudit.path;

  return (
    <Box sx={{ p: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t('admin.audit.title')}
        </Typography>
        <Button href={auditExportUrl(exportPath, filter, 'csv')} download>
          {t('admin.audit.exportCsv')}
        </Button>
        <Button href={auditExportUrl(exportPath, filter, 'jsonl')} download>
          {t('admin.audit.exportJsonl')}
        </Button>
      </Stack>
      <AuditFilters onApply={(form) => setFilter(toAuditFilter(form))} />
      {log.error && <ErrorAlert error={log.error} onRetry={() => void log.refetch()} />}
      {log.isPending && <LoadingState />}
      {log.isSuccess && entries.length === 0 && <Typography>{t('admin.audit.empty')}</Typography>}
      {entries.length > 0 && <AuditTable entries={entries} onOpen={setOpen} />}
      {log.hasNextPage && (
        <Button sx={{ mt: 2 }} onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          {t('admin.audit.more')}
        </Button>
      )}
      <AuditEntryDrawer entry={open} onClose={() => setOpen(null)} />
    </Box>
  );
}
