import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { FieldType } from '@switchboard/shared';
import type { Condition, DistanceUnit } from './model';
import { parseTypedList } from './list-values';
import { textKind } from './values';
import { GeoInput, PointerInput, SubQueryInput } from './StructuredInputs';
import { TypedTextField } from './TypedTextField';

interface Props {
  condition: Condition;
  type: FieldType | undefined;
  /** The class a Pointer field points to, so a list may name objects by objectId. */
  className?: string | undefined;
  onChange: (value: unknown) => void;
}

const UNITS: DistanceUnit[] = ['Kilometers', 'Miles', 'Radians'];

/** The value input that fits the operator and the field's type; keyed by the caller on both. */
export function ValueEditor({ condition: c, type, className, onChange }: Props) {
  const { t } = useTranslation();
  const v = c.value as never;
  switch (c.operator) {
    case 'exists':
      return (
        <FormControlLabel
          control={<Switch checked={c.value as boolean} onChange={(e) => onChange(e.target.checked)} />}
          label={t('query.exists')}
        />
      );
    case 'size':
      return <TypedTextField kind="number" label={t('query.size')} value={c.value} onChange={onChange} />;
    case 'in':
    case 'nin':
    case 'all':
      return (
        <TypedTextField
          kind="list"
          label={t('query.values')}
          value={c.value}
          read={(s) => parseTypedList(s, type, className)}
          onChange={onChange}
        />
      );
    case 'regex': {
      const r = v as Condition<'regex'>['value'];
      return (
        <Box sx={{ display: 'flex', gap: 1, flex: 1 }}>
          <TextField
            size="small"
            label={t('query.pattern')}
            value={r.pattern}
            onChange={(e) => onChange({ ...r, pattern: e.target.value })}
            sx={{ flex: 1 }}
          />
          <TextField
            size="small"
            label={t('query.options')}
            value={r.options}
            error={!/^[imxs]*$/.test(r.options)}
            onChange={(e) => onChange({ ...r, options: e.target.value })}
            sx={{ width: 140 }}
          />
        </Box>
      );
    }
    case 'inQuery':
      return <SubQueryInput value={v} onChange={onChange} />;
    case 'select':
    case 'dontSelect': {
      const s = v as Condition<'select'>['value'];
      return (
        <>
          <SubQueryInput value={s} onChange={(q) => onChange({ ...s, ...q })} />
          <TextField
            size="small"
            label={t('query.key')}
            value={s.key}
            onChange={(e) => onChange({ ...s, key: e.target.value })}
          />
        </>
      );
    }
    case 'nearSphere': {
      const n = v as Condition<'nearSphere'>['value'];
      return (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <GeoInput value={n.point} onChange={(point) => onChange({ ...n, point })} />
          <TypedTextField
            kind="json"
            label={t('query.maxDistance')}
            value={n.max?.distance ?? null}
            onChange={(d) => {
              const { max: _drop, ...rest } = n;
              onChange(
                typeof d === 'number'
                  ? { ...rest, max: { unit: n.max?.unit ?? 'Kilometers', distance: d } }
                  : rest,
              );
            }}
          />
          <TextField
            select
            size="small"
            label={t('query.unit')}
            value={n.max?.unit ?? 'Kilometers'}
            disabled={!n.max}
            onChange={(e) =>
              n.max && onChange({ ...n, max: { ...n.max, unit: e.target.value as DistanceUnit } })
            }
            sx={{ width: 140 }}
          >
            {UNITS.map((u) => (
              <MenuItem key={u} value={u}>
                {t(`query.units.${u}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      );
    }
    case 'within': {
      const w = v as Condition<'within'>['value'];
      return (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <GeoInput
            label={t('query.southwest')}
            value={w.southwest}
            onChange={(southwest) => onChange({ ...w, southwest })}
          />
          <GeoInput
            label={t('query.northeast')}
            value={w.northeast}
            onChange={(northeast) => onChange({ ...w, northeast })}
          />
        </Box>
      );
    }
    case 'relatedTo': {
      const r = v as Condition<'relatedTo'>['value'];
      return (
        <>
          <PointerInput value={r.object} onChange={(object) => onChange({ ...r, object })} />
          <TextField
            size="small"
            label={t('query.relationKey')}
            value={r.key}
            onChange={(e) => onChange({ ...r, key: e.target.value })}
          />
        </>
      );
    }
    default:
      return <ScalarInput type={type} value={c.value} onChange={onChange} />;
  }
}

function ScalarInput({
  type,
  value,
  onChange,
}: {
  type: FieldType | undefined;
  value: unknown;
  onChange: (v: unknown) => void;
}) {
  const { t } = useTranslation();
  if (type === 'Boolean')
    return (
      <TextField
        select
        size="small"
        label={t('query.value')}
        value={String(value)}
        onChange={(e) => onChange(e.target.value === 'true')}
        sx={{ minWidth: 120 }}
      >
        <MenuItem value="true">{t('query.trueValue')}</MenuItem>
        <MenuItem value="false">{t('query.falseValue')}</MenuItem>
      </TextField>
    );
  if (type === 'Pointer' && typeof value === 'object' && value !== null && !Array.isArray(value))
    return <PointerInput value={value as never} onChange={onChange} />;
  const kind = textKind(type);
  return (
    <TypedTextField
      kind={kind}
      label={kind === 'date' ? t('query.valueUtc') : t('query.value')}
      value={value}
      onChange={onChange}
    />
  );
}
