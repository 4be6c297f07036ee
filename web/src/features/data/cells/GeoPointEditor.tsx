import { useState } from 'react';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { isPlainObject } from '@switchboard/shared';
import { geoPoint } from '../editing/codec';
import { ok } from '../editing/json-text';
import type { EditorProps } from './editor-types';
import { useParseErrorMessage } from './ParseErrorText';

const numberText = (v: unknown) => (typeof v === 'number' ? String(v) : '');

export function GeoPointEditor({ value, onChange, optional }: EditorProps) {
  const { t } = useTranslation();
  const message = useParseErrorMessage();
  const start = isPlainObject(value) ? value : {};
  const [lat, setLat] = useState(numberText(start.latitude));
  const [lng, setLng] = useState(numberText(start.longitude));
  const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));
  const point = (a: string, b: string) =>
    optional && a.trim() === '' && b.trim() === '' ? ok(undefined) : geoPoint(num(a), num(b));
  const result = point(lat, lng);
  const error = result.ok ? undefined : result.error;

  const change = (nextLat: string, nextLng: string) => {
    setLat(nextLat);
    setLng(nextLng);
    onChange(point(nextLat, nextLng));
  };
  return (
    <Stack direction="row" spacing={2}>
      <TextField
        label={t('edit.latitude')}
        value={lat}
        onChange={(e) => change(e.target.value, lng)}
        autoFocus={!optional}
        error={error?.code === 'latitude'}
        helperText={error?.code === 'latitude' ? message(error) : ' '}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <TextField
        label={t('edit.longitude')}
        value={lng}
        onChange={(e) => change(lat, e.target.value)}
        error={error?.code === 'longitude'}
        helperText={error?.code === 'longitude' ? message(error) : ' '}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
    </Stack>
  );
}
