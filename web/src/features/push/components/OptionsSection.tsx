import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FieldProblem } from '../utils/composer';
import type { DeliveryOptions } from '../utils/options';

/** Android notification channel, expiry (after some hours or at a time) and flow control. */
export function OptionsSection(p: {
  value: DeliveryOptions;
  onChange: (o: DeliveryOptions) => void;
  timeZone: string;
  problems: FieldProblem[];
}) {
  const { t } = useTranslation();
  const o = p.value;
  const set = (patch: Partial<DeliveryOptions>) => p.onChange({ ...o, ...patch });
  const at = (field: string) => p.problems.find((x) => x.field === field)?.message;
  return (
    <Stack spacing={2} component="section" aria-labelledby="push-options">
      <Typography variant="h6" component="h2" id="push-options">
        {t('push.compose.options')}
      </Typography>
      <TextField
        label={t('push.compose.notificationChannel')}
        value={o.notificationChannel}
        onChange={(e) => set({ notificationChannel: e.target.value })}
        helperText={t('push.compose.notificationChannelHelp')}
        sx={{ maxWidth: 420 }}
        slotProps={{ htmlInput: { maxLength: 1024 } }}
      />
      <Typography variant="subtitle2" component="h3" id="push-expiry">
        {t('push.compose.expiry')}
      </Typography>
      <RadioGroup
        row
        aria-labelledby="push-expiry"
        value={o.expiry}
        onChange={(e) => set({ expiry: e.target.value as DeliveryOptions['expiry'] })}
      >
        <FormControlLabel value="none" control={<Radio />} label={t('push.compose.expiryNone')} />
        <FormControlLabel value="after" control={<Radio />} label={t('push.compose.expiryAfter')} />
        <FormControlLabel value="at" control={<Radio />} label={t('push.compose.expiryAt')} />
      </RadioGroup>
      {o.expiry === 'after' && (
        <TextField
          label={t('push.compose.expiryHours')}
          value={o.expiryHours}
          onChange={(e) => set({ expiryHours: e.target.value })}
          error={!!at('expiry')}
          helperText={at('expiry') ?? ' '}
          sx={{ maxWidth: 240 }}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      )}
      {o.expiry === 'at' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <TextField
            type="date"
            label={t('push.compose.expiryDate')}
            value={o.expiryDate}
            onChange={(e) => set({ expiryDate: e.target.value })}
            error={!!at('expiry')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="time"
            label={t('push.compose.expiryTime')}
            value={o.expiryTime}
            onChange={(e) => set({ expiryTime: e.target.value })}
            error={!!at('expiry')}
            helperText={at('expiry') ?? p.timeZone}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
      )}
      <TextField
        label={t('push.compose.flowControl')}
        value={o.flowControl}
        onChange={(e) => set({ flowControl: e.target.value })}
        error={!!at('flowControl')}
        helperText={at('flowControl') ?? t('push.compose.flowControlHelp')}
        sx={{ maxWidth: 320 }}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
    </Stack>
  );
}
