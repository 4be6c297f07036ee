import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { EMPTY_AUDIT_FILTER } from '../utils/audit-query';
import type { AuditFilterForm } from '../utils/audit-query';

const TEXT_FIELDS = ['actor', 'action', 'app', 'class', 'objectId'] as const;

/** The audit filter form; applies on submit so typing does not fire a request per key. */
export function AuditFilters({ onApply }: { onApply: (form: AuditFilterForm) => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<AuditFilterForm>(EMPTY_AUDIT_FILTER);
  const set = (key: keyof AuditFilterForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  return (
    <Stack
      component="form"
      direction="row"
      useFlexGap
      spacing={1}
      sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}
      aria-label={t('admin.audit.filters')}
      onSubmit={(e) => {
        e.preventDefault();
        onApply(form);
      }}
    >
      {TEXT_FIELDS.map((key) => (
        <TextField
          key={key}
          size="small"
          label={t(`admin.audit.fields.${key}`)}
          value={form[key]}
          onChange={set(key)}
          sx={{ width: 170 }}
        />
      ))}
      {(['from', 'to'] as const).map((key) => (
        <TextField
          key={key}
          size="small"
          type="datetime-local"
          label={t(`admin.audit.fields.${key}`)}
          value={form[key]}
          onChange={set(key)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      ))}
      <Button type="submit" variant="contained">
        {t('admin.audit.apply')}
      </Button>
      <Button
        onClick={() => {
          setForm(EMPTY_AUDIT_FILTER);
          onApply(EMPTY_AUDIT_FILTER);
        }}
      >
        {t('admin.audit.clear')}
      </Button>
    </Stack>
  );
}
