import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { FieldType } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { flagsFor, parseDefault } from '../../utils/field-options';
import type { OptionsDraft } from '../../utils/field-options';

/** Hidden, read-only, required, auto-increment (Numbers) and default of one field. */
export function FieldOptionsInputs({
  type,
  value,
  onChange,
}: {
  type: FieldType;
  value: OptionsDraft;
  onChange: (next: OptionsDraft) => void;
}) {
  const { t } = useTranslation();
  const invalid = parseDefault(type, value.defaultText) instanceof Error;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 1 }}>
      {flagsFor(type).map((flag) => (
        <Tooltip key={flag} describeChild title={t(`fieldOptions.${flag}Help`)}>
          <FormControlLabel
            control={
              <Checkbox
                size="small"
                checked={value.flags[flag] === true}
                onChange={(e) => onChange({ ...value, flags: { ...value.flags, [flag]: e.target.checked } })}
              />
            }
            label={t(`fieldOptions.${flag}`)}
          />
        </Tooltip>
      ))}
      {type !== 'Relation' && (
        <TextField
          size="small"
          label={t('fieldOptions.default')}
          value={value.defaultText}
          onChange={(e) => onChange({ ...value, defaultText: e.target.value })}
          error={invalid}
          helperText={
            invalid
              ? t('fieldOptions.defaultInvalid', { type })
              : t(type === 'String' ? 'fieldOptions.defaultHelpString' : 'fieldOptions.defaultHelpJson')
          }
          sx={{ flex: '1 1 100%' }}
        />
      )}
    </Box>
  );
}
