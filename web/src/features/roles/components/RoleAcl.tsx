import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Acl } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { AclEditor } from '../../../components/acl/AclEditor';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { useRoleAcl, useSaveRoleAcl } from '../api/role-acl';

/** Who may read and change the role itself, edited with the data browser's ACL editor. */
export function RoleAcl({ app, roleId, readOnly }: { app: string; roleId: string; readOnly: boolean }) {
  const { t } = useTranslation();
  const stored = useRoleAcl(app, roleId);
  const save = useSaveRoleAcl(app, roleId);
  const [draft, setDraft] = useState<Acl | null>(null);

  if (stored.error) return <ErrorAlert error={stored.error} onRetry={() => void stored.refetch()} />;
  if (!stored.data) return <LoadingState />;
  if (readOnly)
    return (
      <Typography component="pre" variant="body2" sx={{ m: 0 }}>
        {JSON.stringify(stored.data, null, 2)}
      </Typography>
    );
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {t('rolesPage.create.aclHelp')}
      </Typography>
      <AclEditor
        // A saved ACL starts the editor afresh from what the server now holds.
        key={JSON.stringify(stored.data)}
        app={app}
        value={stored.data}
        onChange={setDraft}
        publicWriteWarning={t('rolesPage.detail.publicWrite')}
      />
      {save.error && <ErrorAlert error={save.error} />}
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          disabled={draft === null || save.isPending}
          onClick={() => draft && save.mutate(draft, { onSuccess: () => setDraft(null) })}
        >
          {t('rolesPage.detail.saveAcl')}
        </Button>
        {save.isSuccess && draft === null && (
          <Typography role="status" variant="body2" sx={{ alignSelf: 'center' }}>
            {t('rolesPage.detail.aclSaved')}
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}
