import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { Acl } from '@switchboard/shared';
import { addAclRow, aclToRows, PUBLIC, roleKey, rowsToAcl } from './acl';
import type { AclRow } from './acl';
import { AclRows } from './AclRows';
import { RolePicker } from './RolePicker';
import { UserSearchPicker } from './UserSearchPicker';

/** What the server lets anyone do with an object stored without an ACL: everything. */
const NO_ACL: Acl = { [PUBLIC]: { read: true, write: true } };

export interface AclEditorProps {
  /** The app whose users and roles are offered. */
  app: string;
  /** The ACL to start from; undefined is an object stored without one, which anyone may change. */
  value: Acl | undefined;
  onChange: (acl: Acl) => void;
  /** What to say when everyone may write; a general warning when not given. */
  publicWriteWarning?: string | undefined;
}

/**
 * Public, per-user and per-role read and write, as rows of checkboxes. The rows always show what
 * the server enforces: an object without an ACL starts as public read and write, and an ACL that
 * names nobody is said to leave the object to the master key alone.
 */
export function AclEditor({ app, value, onChange, publicWriteWarning }: AclEditorProps) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<AclRow[]>(() => aclToRows(value ?? NO_ACL));
  const acl = rowsToAcl(rows);

  const update = (next: AclRow[]) => {
    setRows(next);
    onChange(rowsToAcl(next));
  };

  return (
    <Stack spacing={2}>
      {value === undefined && <Alert severity="warning">{t('acl.noAcl')}</Alert>}
      <AclRows
        app={app}
        rows={rows}
        onToggle={(key, right) => update(rows.map((r) => (r.key === key ? { ...r, [right]: !r[right] } : r)))}
        onRemove={(key) => update(rows.filter((r) => r.key !== key))}
      />
      {Object.keys(acl).length === 0 && <Alert severity="info">{t('acl.masterOnly')}</Alert>}
      {acl[PUBLIC]?.write === true && (
        <Alert severity="warning">{publicWriteWarning ?? t('acl.publicWrite')}</Alert>
      )}
      <UserSearchPicker
        app={app}
        label={t('edit.aclUserSearch')}
        onPick={(user) => update(addAclRow(rows, user.objectId))}
      />
      <RolePicker app={app} onAdd={(name) => update(addAclRow(rows, roleKey(name)))} />
    </Stack>
  );
}
