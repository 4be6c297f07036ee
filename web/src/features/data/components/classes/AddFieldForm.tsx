import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { MAX_KEY_NAME_LENGTH, needsTargetClass } from '@switchboard/shared';
import type { FieldType } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { warningText } from '../../../../components/theme/warning-text';
import { useUpdateSchema } from '../../api/update-schema';
import { ADDABLE_TYPES, fieldCaseTwin, newFieldProblem } from '../../utils/field-name';
import { definitionWith, emptyOptions } from '../../utils/field-options';
import { FieldOptionsInputs } from './FieldOptionsInputs';

export interface AddFieldFormProps {
  app: string;
  className: string;
  /** Fields the class has, so a name is refused before the server does. */
  existing: string[];
  /** Classes a Pointer or Relation may point at. */
  classes: string[];
}

/** Name, type, (for Pointer and Relation) target class and options of a new field. */
export function AddFieldForm({ app, className, existing, classes }: AddFieldFormProps) {
  const { t } = useTranslation();
  const update = useUpdateSchema(app, className);
  const [name, setName] = useState('');
  const [type, setType] = useState<FieldType>('String');
  const [targetClass, setTargetClass] = useState('');
  const [touched, setTouched] = useState(false);
  const [options, setOptions] = useState(emptyOptions);
  const field = { name: name.trim(), type, targetClass };
  const problem = newFieldProblem(field, existing);
  const shown = touched ? problem : undefined;
  const twin = problem ? undefined : fieldCaseTwin(field.name, existing);
  const nameHelp =
    shown && shown !== 'target'
      ? t(`classes.fieldProblems.${shown}`, {
          name: field.name,
          max: MAX_KEY_NAME_LENGTH,
          length: field.name.length,
        })
      : twin
        ? t('classes.fieldCaseTwin', { name: field.name, twin })
        : ' ';
  const targeted = needsTargetClass(type);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    const definition = definitionWith({ type, targetClass: targeted ? targetClass : undefined }, options);
    if (problem || !definition) return;
    update.mutate(
      { kind: 'add', name: field.name, field: definition },
      {
        onSuccess: () => {
          setName('');
          setTouched(false);
          setOptions(emptyOptions);
        },
      },
    );
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t('classes.addField')}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          label={t('classes.fieldName')}
          size="small"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={shown !== undefined && shown !== 'target'}
          helperText={nameHelp}
          slotProps={{ formHelperText: { sx: twin ? { color: warningText } : undefined } }}
          sx={{ flex: '1 1 140px' }}
        />
        <TextField
          select
          label={t('classes.type')}
          size="small"
          value={type}
          onChange={(e) => setType(e.target.value as FieldType)}
          helperText=" "
          sx={{ width: 130 }}
        >
          {ADDABLE_TYPES.map((ft) => (
            <MenuItem key={ft} value={ft}>
              {ft}
            </MenuItem>
          ))}
        </TextField>
        {targeted && (
          <TextField
            select
            label={t('classes.targetClass')}
            size="small"
            value={targetClass}
            onChange={(e) => setTargetClass(e.target.value)}
            error={shown === 'target'}
            helperText={shown === 'target' ? t('classes.fieldProblems.target') : ' '}
            sx={{ width: 160 }}
          >
            {classes.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Button type="submit" variant="outlined" loading={update.isPending} sx={{ mt: 0.25 }}>
          {t('classes.addField')}
        </Button>
      </Box>
      <FieldOptionsInputs type={type} value={options} onChange={setOptions} />
      {update.error && <ErrorAlert error={update.error} />}
    </Box>
  );
}
