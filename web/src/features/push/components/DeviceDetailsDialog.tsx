import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StoredObject } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useAppPermission } from '../../../lib/session';
import { useShowTime } from '../../../lib/time-zone';
import { useDeleteInstallation, useDeviceDeliveries, useSaveChannels } from '../api/devices';
import { contentSummary } from '../utils/content';
import { FactList } from '../../../components/FactList';
import { customFields, expiresAt, platformOf } from '../../../components/installations/devices';

const channelsOf = (d: StoredObject): string[] =>
  Array.isArray(d.channels) ? d.channels.filter((c): c is string => typeof c === 'string') : [];

/**
 * One installation: platform, vendor, profile, when it was last active and stops being targeted,
 * its own fields and what it was last sent; channels edited and the installation deleted by roles
 * that may write data (through the bff, audited).
 */
export function DeviceDetailsDialog(p: {
  app: string;
  device: StoredObject;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const showTime = useShowTime();
  const d = p.device;
  const canWrite = useAppPermission(p.app, 'data.write');
  const [channels, setChannels] = useState(channelsOf(d));
  const [deleting, setDeleting] = useState(false);
  const save = useSaveChannels(p.app);
  const remove = useDeleteInstallation(p.app);
  const deliveries = useDeviceDeliveries(p.app, d.objectId);
  const platform = platformOf(d);
  const changed = channels.join('\n') !== channelsOf(d).join('\n');
  const custom = customFields(d);
  const facts: [string, string][] = [
    [
      t('push.devices.fields.platform'),
      platform ? t(`push.devices.platform.${platform}`) : String(d.deviceType),
    ],
    [t('push.devices.details.vendor'), typeof d.vendor === 'string' ? d.vendor : '—'],
    [t('push.devices.details.profile'), typeof d.deviceProfile === 'string' ? d.deviceProfile : '_default'],
    [t('push.devices.fields.lastActive'), showTime(d.updatedAt)],
    [t('push.devices.details.expires'), showTime(expiresAt(d.updatedAt).toISOString())],
  ];
  return (
    <>
      <Dialog open onClose={p.onClose} fullWidth maxWidth="md" aria-labelledby="device-details-title">
        <DialogTitle id="device-details-title">{p.name}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 0.5 }}>
            <FactList rows={facts} />
            <Typography variant="caption" color="text.secondary">
              {t('push.devices.details.expiresNote')}
            </Typography>
            {canWrite ? (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Autocomplete
                  multiple
                  freeSolo
                  options={[]}
                  value={channels}
                  onChange={(_, v) => setChannels(v.map(String))}
                  sx={{ flex: 1 }}
                  renderInput={(params) => (
                    <TextField {...params} label={t('push.devices.fields.channels')} />
                  )}
                />
                <Button
                  variant="outlined"
                  disabled={!changed || save.isPending}
                  onClick={() => save.mutate({ id: d.objectId, channels })}
                >
                  {t('push.devices.details.saveChannels')}
                </Button>
              </Stack>
            ) : (
              <FactList rows={[[t('push.devices.fields.channels'), channelsOf(d).join(', ') || '—']]} />
            )}
            {save.error ? <ErrorAlert error={save.error} /> : null}
            {save.isSuccess && !changed && (
              <Typography variant="body2" role="status">
                {t('push.devices.details.channelsSaved')}
              </Typography>
            )}
            <Typography variant="subtitle1" component="h3">
              {t('push.devices.details.custom')}
            </Typography>
            {custom.length === 0 ? (
              <Typography variant="body2">{t('push.devices.details.noCustom')}</Typography>
            ) : (
              <FactList rows={custom.map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])} />
            )}
            <Typography variant="subtitle1" component="h3">
              {t('push.devices.details.lastSent')}
            </Typography>
            {deliveries.error ? <ErrorAlert error={deliveries.error} /> : null}
            {deliveries.data &&
              (deliveries.data.length === 0 ? (
                <Typography variant="body2">{t('push.devices.details.nothingSent')}</Typography>
              ) : (
                <Box component="ul" sx={{ m: 0, pl: 3 }} data-testid="device-deliveries">
                  {deliveries.data.map((x, i) => (
                    <li key={i}>
                      <Typography variant="body2">
                        {`${showTime(x.createdAt)} · ${x.channel} · ${
                          x.payload && typeof x.payload === 'object'
                            ? contentSummary(x.payload as Record<string, unknown>)
                            : String(x.payload)
                        }`}
                      </Typography>
                    </li>
                  ))}
                </Box>
              ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          {canWrite && (
            <Button color="error" onClick={() => setDeleting(true)} sx={{ mr: 'auto' }}>
              {t('push.devices.details.delete')}
            </Button>
          )}
          <Button onClick={p.onClose}>{t('push.devices.details.close')}</Button>
        </DialogActions>
      </Dialog>
      {deleting && (
        <ConfirmDialog
          title={t('push.devices.details.deleteTitle', { device: p.name })}
          text={t('push.devices.details.deleteText')}
          confirmLabel={t('push.devices.details.deleteConfirm')}
          danger
          pending={remove.isPending}
          error={remove.error}
          onClose={() => setDeleting(false)}
          onConfirm={() => remove.mutate(d.objectId, { onSuccess: p.onClose })}
        />
      )}
    </>
  );
}
