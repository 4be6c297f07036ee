import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StoredObject } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParamsMerge } from '../../../lib/search-params';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { useRequiredParam } from '../../../lib/routing';
import { useAppPermission } from '../../../lib/session';
import { DEVICES_PAGE, useInstallations } from '../api/devices';
import { PLATFORM_FILTERS, readPlatform } from '../../../components/installations/devices';
import type { PlatformFilter } from '../../../components/installations/devices';
import { DeviceCounts } from './DeviceCounts';
import { DevicesTable } from '../../../components/installations/DevicesTable';
import { DeviceDetailsDialog } from './DeviceDetailsDialog';
import { DeviceTestDialog } from './DeviceTestDialog';
import { PushTabs } from './PushTabs';

/** The app's installations: search, filter by platform or vendor, counts, and a test push from a row. */
export function DevicesPage() {
  const { t } = useTranslation();
  const app = useRequiredParam('app');
  const [params, merge] = useSearchParamsMerge();
  const term = params.get('q') ?? '';
  const platform = readPlatform(params.get('platform'));
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '0', 10) || 0);
  const [typed, setTyped] = useState(term);
  const list = useInstallations(app, term, platform, page);
  const canSend = useAppPermission(app, 'push.write');
  const [testing, setTesting] = useState<{ id: string; name: string } | null>(null);
  const [open, setOpen] = useState<{ device: StoredObject; name: string } | null>(null);
  // A new search or platform starts from the first page.
  const update = (patch: { q?: string; platform?: PlatformFilter; page?: number }) =>
    merge({ ...patch, page: patch.page ? String(patch.page) : undefined });
  const total = list.data?.count ?? 0;

  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('push.devices.title')}
      </Typography>
      <PushTabs app={app} current="devices" />
      <DeviceCounts app={app} value={platform} onChange={(v) => update({ platform: v })} />
      <Stack
        direction="row"
        spacing={2}
        component="form"
        role="search"
        sx={{ mb: 2, alignItems: 'flex-start' }}
        onSubmit={(e) => {
          e.preventDefault();
          update({ q: typed.trim() });
        }}
      >
        <TextField
          size="small"
          label={t('push.devices.search')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          sx={{ flex: 1, maxWidth: 520 }}
        />
        <TextField
          select
          size="small"
          label={t('push.devices.platformFilter')}
          value={platform}
          onChange={(e) => update({ platform: readPlatform(e.target.value) })}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{t('push.devices.allPlatforms')}</MenuItem>
          {PLATFORM_FILTERS.map((f) => (
            <MenuItem key={f} value={f}>
              {t(`push.devices.platform.${f}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="outlined">
          {t('push.devices.find')}
        </Button>
      </Stack>
      {list.error && <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />}
      {list.isPending && <LoadingState />}
      {list.data &&
        (list.data.results.length === 0 ? (
          <Typography sx={{ py: 2 }}>{t('push.devices.none')}</Typography>
        ) : (
          <DevicesTable
            devices={list.data.results}
            canSend={canSend}
            onTest={(id, name) => setTesting({ id, name })}
            onOpen={(device, name) => setOpen({ device, name })}
          />
        ))}
      {total > DEVICES_PAGE && (
        <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
          <Button disabled={page === 0} onClick={() => update({ page: page - 1 })}>
            {t('push.devices.previous')}
          </Button>
          <Typography variant="body2" role="status">
            {t('push.devices.range', {
              from: page * DEVICES_PAGE + 1,
              to: Math.min(total, (page + 1) * DEVICES_PAGE),
              total,
            })}
          </Typography>
          <Button disabled={(page + 1) * DEVICES_PAGE >= total} onClick={() => update({ page: page + 1 })}>
            {t('push.devices.next')}
          </Button>
        </Stack>
      )}
      {open && (
        <DeviceDetailsDialog
          key={open.device.objectId}
          app={app}
          device={open.device}
          name={open.name}
          onClose={() => setOpen(null)}
        />
      )}
      {testing && (
        <DeviceTestDialog
          app={app}
          installation={testing.id}
          name={testing.name}
          onClose={() => setTesting(null)}
        />
      )}
    </Box>
  );
}
