import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { RoleNameProblem } from '../utils/role-name';

/** The new role's name, with the spec's rule explained before and what is wrong once typed. */
export function RoleNameField({
  value,
  problem,
  touched,
  onChange,
}: {
  value: string;
  problem: RoleNameProblem | null;
  touched: boolean;
  onChange: (name: string) => void;
}) {
  const { t } = useTranslation();
  const shown = touched && problem !== null;
  return (
    <TextField
      autoFocus
      required
      label={t('rolesPage.create.name')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={shown}
      helperText={
        shown ? t(`rolesPage.nameProblems.${problem}`, { name: value }) : t('rolesPage.create.nameHelp')
      }
    />
  );
}
