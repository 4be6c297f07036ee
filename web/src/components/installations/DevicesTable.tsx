import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { StoredObject } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { useShowTime } from '../../lib/time-zone';
import { maskedToken, platformOf, userOf } from './devices';

const FIELDS = ['platform', 'device', 'token', 'user', 'channels', 'lastActive'] as const;

const idOf = (d: StoredObject): string =>
  [d.installationId, d.registrationId].find((v): v is string => typeof v === 'string' && v !== '') ??
  d.objectId;

/** One row per installation; the token is shown shortened, or said to be hidden from the role. */
export function DevicesTable(p: {
  devices: StoredObject[];
  canSend: boolean;
  onTest: (id: string, name: string) => void;
  /** Opens an installation's details; without it the rows have no Details button. */
  onOpen?: ((device: StoredObject, name: string) => void) | undefined;
}) {
  const { t } = useTranslation();
  const showTime = useShowTime();
  return (
    <Table size="small" aria-label={t('push.devices.title')}>
      <TableHead>
        <TableRow>
          {FIELDS.map((f) => (
            <TableCell key={f}>{t(`push.devices.fields.${f}`)}</TableCell>
          ))}
          {(p.canSend || p.onOpen) && <TableCell>{t('push.devices.fields.actions')}</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {p.devices.map((d) => {
          const platform = platformOf(d);
          const token = maskedToken(d.deviceToken);
          const name = `${String(d.deviceType)} ${idOf(d)}`;
          return (
            <TableRow key={d.objectId} hover data-testid={`device-${d.objectId}`}>
              <TableCell>
                {platform ? t(`push.devices.platform.${platform}`) : String(d.deviceType)}
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{idOf(d)}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>
                {token.kind === 'hidden' ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('push.devices.tokenHidden')}
                  </Typography>
                ) : (
                  token.text
                )}
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{userOf(d) ?? ''}</TableCell>
              <TableCell>
                <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {(Array.isArray(d.channels) ? d.channels : []).map((c) => (
                    <Chip key={String(c)} size="small" label={String(c)} />
                  ))}
                </Stack>
              </TableCell>
              <TableCell>{showTime(d.updatedAt)}</TableCell>
              {(p.canSend || p.onOpen) && (
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {p.onOpen && (
                    <Button
                      size="small"
                      onClick={() => p.onOpen?.(d, name)}
                      aria-label={t('push.devices.detailsRow', { device: name })}
                    >
                      {t('push.devices.details.open')}
                    </Button>
                  )}
                  {p.canSend && (
                    <Button
                      size="small"
                      sx={{ whiteSpace: 'nowrap' }}
                      onClick={() => p.onTest(d.objectId, name)}
                      aria-label={t('push.devices.testRow', { device: name })}
                    >
                      {t('push.devices.test')}
                    </Button>
                  )}
                </TableCell>
              )}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
