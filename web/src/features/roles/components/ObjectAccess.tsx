import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { useObjectAcl } from '../api/object-acl';
import { decideAccess } from '../utils/access';
import type { AccessDecision, Right } from '../utils/access';
import type { HeldRole } from '../utils/effective-roles';

function useReasonText() {
  const { t } = useTranslation();
  return (decision: AccessDecision, userId: string) => {
    const r = decision.reason;
    if (r.kind !== 'role') return t(`rolesPage.access.reasons.${r.kind}`, { userId });
    const how =
      r.path.length === 1
        ? t('rolesPage.access.directly')
        : t('rolesPage.access.through', { path: r.path.join(' → ') });
    return t('rolesPage.access.reasons.role', { role: r.role, how });
  };
}

/** Whether the user may read and write one object, and the ACL entry that decides it. */
export function ObjectAccess({ app, userId, roles }: { app: string; userId: string; roles: HeldRole[] }) {
  const { t } = useTranslation();
  const [className, setClassName] = useState('');
  const [objectId, setObjectId] = useState('');
  const [target, setTarget] = useState<{ className: string; objectId: string } | null>(null);
  const acl = useObjectAcl(app, target);
  const reason = useReasonText();

  return (
    <Stack spacing={1.5}>
      <Stack
        direction="row"
        spacing={1}
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (className.trim() && objectId.trim())
            setTarget({ className: className.trim(), objectId: objectId.trim() });
        }}
      >
        <TextField
          size="small"
          label={t('rolesPage.access.className')}
          value={className}
          onChange={(e) => setClassName(e.target.value)}
        />
        <TextField
          size="small"
          label={t('rolesPage.access.objectId')}
          value={objectId}
          onChange={(e) => setObjectId(e.target.value)}
        />
        <Button type="submit" variant="outlined" disabled={!className.trim() || !objectId.trim()}>
          {t('rolesPage.access.check')}
        </Button>
      </Stack>
      {acl.isFetching && <LoadingState />}
      {acl.error && <ErrorAlert error={acl.error} />}
      {target && acl.data && !acl.data.found && (
        <Alert severity="warning">{t('rolesPage.access.notFound', target)}</Alert>
      )}
      {target && acl.data?.found && (
        <List dense aria-label={t('rolesPage.access.resultLabel', target)}>
          {(['read', 'write'] as Right[]).map((right) => {
            const decision = decideAccess(acl.data.found ? acl.data.acl : undefined, userId, roles, right);
            return (
              <ListItem key={right} disableGutters>
                <ListItemText
                  primary={t(decision.allowed ? 'rolesPage.access.allowed' : 'rolesPage.access.denied', {
                    right: t(`rolesPage.access.${right}`),
                  })}
                  secondary={reason(decision, userId)}
                  slotProps={{ primary: { color: decision.allowed ? 'success.main' : 'error.main' } }}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Stack>
  );
}
