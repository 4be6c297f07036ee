import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { SUCCESS_CHANNELS } from '@switchboard/shared';
import type { SuccessChannel } from '@switchboard/shared';
import { useGateways } from '../api/overview';
import { CHANNEL_NAMES } from '../utils/counts';

const channelName = (c: string) =>
  (SUCCESS_CHANNELS as readonly string[]).includes(c) ? CHANNEL_NAMES[c as SuccessChannel] : c;

/** The delivery channels (iOS, FCM, each vendor) the app is configured for: names, never secrets. */
export function GatewaysSection({ app }: { app: string }) {
  const { t } = useTranslation();
  const gateways = useGateways(app);
  const g = gateways.data;
  return (
    <Stack spacing={1} component="section" aria-labelledby="push-gateways" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" id="push-gateways">
        {t('push.overview.gateways')}
      </Typography>
      {gateways.error ? <ErrorAlert error={gateways.error} onRetry={() => void gateways.refetch()} /> : null}
      {g && !g.configured && (
        <Typography variant="body2" data-testid="push-gateways-none">
          {t('push.overview.gatewaysNone')}
        </Typography>
      )}
      {g && g.configured && (
        <Table size="small" aria-labelledby="push-gateways" data-testid="push-gateways">
          <TableHead>
            <TableRow>
              <TableCell>{t('push.overview.gatewayChannel')}</TableCell>
              <TableCell>{t('push.overview.gatewayProfile')}</TableCell>
              <TableCell>{t('push.overview.gatewayAdapter')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {g.channels.flatMap((c) =>
              c.profiles.map((p) => (
                <TableRow key={`${c.channel}/${p.name}`}>
                  <TableCell>{channelName(c.channel)}</TableCell>
                  <TableCell>{p.name}</TableCell>
                  <TableCell>{p.gateway}</TableCell>
                </TableRow>
              )),
            )}
          </TableBody>
        </Table>
      )}
      <Typography variant="caption" color="text.secondary">
        {t('push.overview.gatewaysNote')}
      </Typography>
    </Stack>
  );
}
