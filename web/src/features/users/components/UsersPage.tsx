import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { paths } from '../../../lib/paths';
import { useRequiredParam } from '../../../lib/routing';
import { useCanWriteUsers } from '../api/access';
import { useUserSearch } from '../api/users';
import { readSearch, searchWhere, writeSearch } from '../utils/search';
import { CreateUserDialog } from './CreateUserDialog';
import { UserSearchForm } from './UserSearchForm';
import { UsersTable } from './UsersTable';

/** The app's users: find them by username, e-mail, phone or objectId, and create one. */
export function UsersPage() {
  const { t } = useTranslation();
  const app = useRequiredParam('app');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { page, ...search } = readSearch(params);
  const results = useUserSearch(app, search, page);
  const canWrite = useCanWriteUsers(app);
  const [creating, setCreating] = useState(false);
  const where = searchWhere(search);
  // Any other field, or a finer query, is the data browser's query builder on _User.
  const builderLink = paths.dataClass(
    app,
    '_User',
    Object.keys(where).length > 0 ? { where: JSON.stringify(where) } : undefined,
  );

  return (
    <Box sx={{ p: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t('users.title')}
        </Typography>
        <Button component={RouterLink} to={builderLink}>
          {t('users.search.inDataBrowser')}
        </Button>
        {canWrite && (
          <Button variant="contained" onClick={() => setCreating(true)}>
            {t('users.create.open')}
          </Button>
        )}
      </Stack>
      <UserSearchForm
        key={`${search.by}:${search.term}`}
        value={search}
        onSearch={(s) => setParams(writeSearch({ ...s, page: 1 }))}
      />
      {results.error && <ErrorAlert error={results.error} onRetry={() => void results.refetch()} />}
      {results.isPending && <LoadingState />}
      {results.data &&
        (results.data.users.length === 0 ? (
          <Typography sx={{ py: 2 }}>{t('users.search.none')}</Typography>
        ) : (
          <UsersTable app={app} users={results.data.users} />
        ))}
      {results.data && (page > 1 || results.data.hasMore) && (
        <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center' }}>
          <Button disabled={page <= 1} onClick={() => setParams(writeSearch({ ...search, page: page - 1 }))}>
            {t('users.search.previous')}
          </Button>
          <Typography variant="body2">{t('users.search.page', { page })}</Typography>
          <Button
            disabled={!results.data.hasMore}
            onClick={() => setParams(writeSearch({ ...search, page: page + 1 }))}
          >
            {t('users.search.next')}
          </Button>
        </Stack>
      )}
      {creating && (
        <CreateUserDialog
          app={app}
          onClose={() => setCreating(false)}
          onCreated={(objectId) => void navigate(paths.user(app, objectId))}
        />
      )}
    </Box>
  );
}
