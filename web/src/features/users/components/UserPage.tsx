import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { capabilitiesQueryOptions } from '../../../lib/api/capabilities';
import { paths } from '../../../lib/paths';
import { useRequiredParam } from '../../../lib/routing';
import { useAppPermission } from '../../../lib/session';
import { useCanWriteUsers } from '../api/access';
import { useUser } from '../api/users';
import { stringField } from '../utils/user-fields';
import { CustomFields } from './CustomFields';
import { LinkedAccounts } from './LinkedAccounts';
import { MailActions } from './MailActions';
import { UserActions } from './UserActions';
import { UserDetails } from './UserDetails';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** One user: its fields and verification, linked accounts, custom fields and the levers on it. */
export function UserPage() {
  const { t } = useTranslation();
  const app = useRequiredParam('app');
  const objectId = useRequiredParam('objectId');
  const user = useUser(app, objectId);
  const canWrite = useCanWriteUsers(app);
  // A logged-in user's messaging client id is its objectId, so the user links to that client.
  const canReadIm = useAppPermission(app, 'im.read');
  const imOffered =
    useQuery({ ...capabilitiesQueryOptions(app), enabled: canReadIm }).data?.areas.im === true;
  const u = user.data;
  const email = u ? stringField(u, 'email') : undefined;

  return (
    <Box sx={{ p: 3, maxWidth: 960 }}>
      <Button component={RouterLink} to={paths.area(app, 'users')} sx={{ mb: 1 }}>
        {t('users.back')}
      </Button>
      {user.error && <ErrorAlert error={user.error} onRetry={() => void user.refetch()} />}
      {user.isPending && <LoadingState />}
      {u && (
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
              {stringField(u, 'username') ?? u.objectId}
            </Typography>
            <Button
              component={RouterLink}
              to={paths.dataClass(app, '_User', { where: JSON.stringify({ objectId: u.objectId }) })}
            >
              {t('users.custom.edit')}
            </Button>
            {canReadIm && imOffered && (
              <Button component={RouterLink} to={paths.imClient(app, u.objectId)}>
                {t('messaging.openClient')}
              </Button>
            )}
          </Stack>
          {canWrite && <UserActions app={app} user={u} />}
          <Section title={t('users.sections.fields')}>
            <UserDetails user={u} />
          </Section>
          <Section title={t('users.sections.linked')}>
            <LinkedAccounts app={app} user={u} canWrite={canWrite} />
          </Section>
          <Section title={t('users.sections.custom')}>
            <CustomFields user={u} />
          </Section>
          {canWrite && (
            <Section title={t('users.sections.mail')}>
              {email ? (
                <MailActions app={app} email={email} />
              ) : (
                <Typography variant="body2">{t('users.mail.noEmail')}</Typography>
              )}
            </Section>
          )}
        </Stack>
      )}
    </Box>
  );
}
