import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Acl, DefaultAclResponse } from '@switchboard/shared';
import { AclEditor } from '../../../components/acl/AclEditor';

export interface NewObjectAclProps {
  app: string;
  /** The app's default as the console keeps it (null ACL while none was chosen). */
  defaults: DefaultAclResponse;
  /** The ACL the form starts from: the default, else the suggestion. */
  start: Acl;
  onChange: (acl: Acl) => void;
  /** Offered to those who may change the default (schema.write). */
  canSetDefault: boolean;
  makeDefault: boolean;
  onMakeDefaultChange: (on: boolean) => void;
}

/**
 * The New object form's one ACL section: it starts from the app's default for new objects (or,
 * until someone chooses one, the suggestion: everyone reads, only the master key writes), says
 * which it is, and can make the ACL chosen here the default.
 */
export function NewObjectAcl(p: NewObjectAclProps) {
  const { t } = useTranslation();
  const chosen = p.defaults.defaultAcl !== null;
  return (
    <Stack spacing={1} role="group" aria-labelledby="new-object-acl">
      <Typography variant="subtitle2" id="new-object-acl">
        {t('edit.aclSection')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {chosen ? t('edit.aclDefaultFrom', { who: p.defaults.updatedBy ?? '?' }) : t('edit.aclNoDefault')}
      </Typography>
      <AclEditor app={p.app} value={p.start} onChange={p.onChange} />
      {p.canSetDefault && (
        <FormControlLabel
          control={
            <Checkbox checked={p.makeDefault} onChange={(e) => p.onMakeDefaultChange(e.target.checked)} />
          }
          label={chosen ? t('edit.aclReplaceDefault') : t('edit.aclMakeDefault')}
        />
      )}
    </Stack>
  );
}
