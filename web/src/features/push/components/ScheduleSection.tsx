import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { timeZoneNames } from '../../../lib/time-zone';

export interface ScheduleState {
  mode: 'now' | 'later';
  date: string;
  time: string;
  timeZone: string;
}

export interface ScheduleSectionProps {
  value: ScheduleState;
  onChange: (s: ScheduleState) => void;
  /** A message about the time (invalid, or effectively now). */
  note?: string | undefined;
  invalid: boolean;
}

/** Now, or a date and time in a chosen zone (the operator's by default). */
export function ScheduleSection({ value, onChange, note, invalid }: ScheduleSectionProps) {
  const { t } = useTranslation();
  const zones = useMemo(() => timeZoneNames(), []);
  return (
    <Stack spacing={2} component="section" aria-labelledby="push-when">
      <Typography variant="h6" component="h2" id="push-when">
        {t('push.compose.schedule')}
      </Typography>
      <RadioGroup
        row
        aria-labelledby="push-when"
        value={value.mode}
        onChange={(e) => onChange({ ...value, mode: e.target.value as ScheduleState['mode'] })}
      >
        <FormControlLabel value="now" control={<Radio />} label={t('push.compose.now')} />
        <FormControlLabel value="later" control={<Radio />} label={t('push.compose.later')} />
      </RadioGroup>
      {value.mode === 'later' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            type="date"
            label={t('push.compose.date')}
            value={value.date}
            onChange={(e) => onChange({ ...value, date: e.target.value })}
            error={invalid}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="time"
            label={t('push.compose.time')}
            value={value.time}
            onChange={(e) => onChange({ ...value, time: e.target.value })}
            error={invalid}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Autocomplete
            options={zones}
            value={value.timeZone}
            disableClearable
            onChange={(_, tz) => onChange({ ...value, timeZone: tz })}
            sx={{ minWidth: 260 }}
            renderInput={(params) => <TextField {...params} label={t('push.compose.timeZone')} />}
          />
        </Stack>
      )}
      {value.mode === 'later' && note && (
        <Typography variant="body2" color={invalid ? 'error' : 'text.secondary'} role="status">
          {note}
        </Typography>
      )}
    </Stack>
  );
}
