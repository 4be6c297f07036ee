import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { GeoPoint, Pointer } from './model';
import { TypedTextField } from './TypedTextField';

export function PointerInput({ value, onChange }: { value: Pointer; onChange: (v: Pointer) => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', gap: 1, flex: 1 }}>
      <TextField
        size="small"
        label={t('query.className')}
        value={value.className}
        onChange={(e) => onChange({ ...value, className: e.target.value })}
      />
      <TextField
        size="small"
        label={t('query.objectId')}
        value={value.objectId}
        onChange={(e) => onChange({ ...value, objectId: e.target.value })}
      />
    </Box>
  );
}

export function GeoInput({
  label,
  value,
  onChange,
}: {
  label?: string;
  value: GeoPoint;
  onChange: (v: GeoPoint) => void;
}) {
  const { t } = useTranslation();
  const prefix = label ? `${label}: ` : '';
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      <TypedTextField
        kind="number"
        label={`${prefix}${t('query.latitude')}`}
        value={value.latitude}
        onChange={(latitude) => onChange({ ...value, latitude: latitude as number })}
      />
      <TypedTextField
        kind="number"
        label={`${prefix}${t('query.longitude')}`}
        value={value.longitude}
        onChange={(longitude) => onChange({ ...value, longitude: longitude as number })}
      />
    </Box>
  );
}

/** A class name and a `where` of it (JSON), for sub-queries. */
export function SubQueryInput({
  value,
  onChange,
}: {
  value: { className: string; where: Record<string, unknown> };
  onChange: (v: { className: string; where: Record<string, unknown> }) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        size="small"
        label={t('query.className')}
        value={value.className}
        onChange={(e) => onChange({ ...value, className: e.target.value })}
      />
      <TypedTextField
        kind="json"
        label={t('query.subWhere')}
        value={value.where}
        onChange={(where) =>
          typeof where === 'object' && where !== null && !Array.isArray(where)
            ? onChange({ ...value, where: where as Record<string, unknown> })
            : undefined
        }
      />
    </>
  );
}
