import { useState } from 'react';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isPlainObject } from '@switchboard/shared';
import { parseDate } from '../editing/codec';
import { ok } from '../editing/json-text';
import { isoToInput } from '../editing/dates';
import type { Zone } from '../editing/dates';
import type { EditorProps } from './editor-types';
import { useParseErrorMessage } from './ParseErrorText';

function isoOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  return isPlainObject(value) && typeof value.iso === 'string' ? value.iso : undefined;
}

const localZoneName = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A date-time input read in the operator's zone or in UTC; the stored UTC instant shows below. */
export function DateEditor({ value, onChange, optional }: EditorProps) {
  const { t } = useTranslation();
  const message = useParseErrorMessage();
  const [zone, setZone] = useState<Zone>('local');
  const [text, setText] = useState(() => {
    const iso = isoOf(value);
    return iso ? isoToInput(iso, 'local') : '';
  });
  const result = parseDate(text, zone);

  const change = (nextText: string, nextZone: Zone) => {
    setText(nextText);
    setZone(nextZone);
    onChange(optional && nextText === '' ? ok(undefined) : parseDate(nextText, nextZone));
  };
  const switchZone = (nextZone: Zone | null) => {
    if (!nextZone || nextZone === zone) return;
    // The same instant, shown in the other zone: switching never changes the value.
    change(result.ok ? isoToInput(result.value.iso, nextZone) : text, nextZone);
  };

  return (
    <Stack spacing={2}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={zone}
        onChange={(_, z: Zone | null) => switchZone(z)}
        aria-label={t('edit.zone')}
      >
        <ToggleButton value="local">{t('edit.zoneLocal', { zone: localZoneName() })}</ToggleButton>
        <ToggleButton value="utc">{t('edit.zoneUtc')}</ToggleButton>
      </ToggleButtonGroup>
      <TextField
        type="datetime-local"
        label={t('edit.dateTime')}
        value={text}
        onChange={(e) => change(e.target.value, zone)}
        autoFocus={!optional}
        error={text !== '' && !result.ok}
        helperText={text !== '' && !result.ok ? message(result.error) : ' '}
        slotProps={{ htmlInput: { step: 0.001 }, inputLabel: { shrink: true } }}
      />
      <Typography variant="body2" color="text.secondary">
        {result.ok ? t('edit.utcValue', { iso: result.value.iso }) : ' '}
      </Typography>
    </Stack>
  );
}
