import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { operatorsFor, RELATED_TO_FIELD } from './model';
import type { Condition, Operator } from './model';
import { withField, withOperator } from './model-edit';
import type { FieldTypes } from './model-edit';
import { ValueEditor } from './ValueEditor';

interface Props {
  condition: Condition;
  fields: FieldTypes;
  onChange: (c: Condition) => void;
  onRemove: () => void;
}

/** One row of the builder: field, the operators its type allows, and a typed value. */
export function ConditionEditor({ condition: c, fields, onChange, onRemove }: Props) {
  const { t } = useTranslation();
  const type = fields[c.field]?.type;
  const operators: readonly Operator[] = c.field === RELATED_TO_FIELD ? ['relatedTo'] : operatorsFor(type);
  // A field of the where the schema does not list still shows, under its own name.
  const names = [
    ...Object.keys(fields),
    ...(c.field in fields || c.field === RELATED_TO_FIELD ? [] : [c.field]),
  ];
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <TextField
        select
        size="small"
        label={t('query.field')}
        value={c.field}
        onChange={(e) => onChange(withField(c, e.target.value, fields))}
        sx={{ minWidth: 160 }}
      >
        {names.map((f) => (
          <MenuItem key={f} value={f}>
            {f}
          </MenuItem>
        ))}
        <MenuItem value={RELATED_TO_FIELD}>{t('query.relatedToField')}</MenuItem>
      </TextField>
      <TextField
        select
        size="small"
        label={t('query.operator')}
        value={c.operator}
        onChange={(e) => onChange(withOperator(c, e.target.value as Operator, fields))}
        sx={{ minWidth: 140 }}
      >
        {operators.map((o) => (
          <MenuItem key={o} value={o}>
            {t(`query.ops.${o}`)}
          </MenuItem>
        ))}
      </TextField>
      <ValueEditor
        key={`${c.field}:${c.operator}`}
        condition={c}
        type={type}
        className={fields[c.field]?.className}
        onChange={(value) => onChange({ ...c, value })}
      />
      <IconButton aria-label={t('query.remove')} onClick={onRemove}>
        <DeleteIcon />
      </IconButton>
    </Box>
  );
}
