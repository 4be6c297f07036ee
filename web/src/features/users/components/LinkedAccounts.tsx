import { useState } from 'react';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useUnlink } from '../api/user-writes';
import { linkedAccounts } from '../utils/user-fields';
import type { UserRecord } from '../utils/user-fields';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

/** Third-party platforms linked through authData; unlinking one removes that way of signing in. */
export function LinkedAccounts(props: { app: string; user: UserRecord; canWrite: boolean }) {
  const { t } = useTranslation();
  const accounts = linkedAccounts(props.user);
  const unlink = useUnlink(props.app, props.user.objectId);
  const [platform, setPlatform] = useState<string | null>(null);
  const close = () => {
    unlink.reset();
    setPlatform(null);
  };
  if (accounts.length === 0) return <Typography variant="body2">{t('users.linked.none')}</Typography>;
  return (
    <>
      <List dense aria-label={t('users.sections.linked')}>
        {accounts.map((a) => (
          <ListItem
            key={a.platform}
            secondaryAction={
              props.canWrite && (
                <Button size="small" color="error" onClick={() => setPlatform(a.platform)}>
                  {t('users.linked.unlink', { platform: a.platform })}
                </Button>
              )
            }
          >
            <ListItemText primary={a.platform} secondary={a.accountId} />
          </ListItem>
        ))}
      </List>
      {platform && (
        <ConfirmDialog
          title={t('users.linked.unlinkTitle', { platform })}
          text={t('users.linked.unlinkText', { platform })}
          confirmLabel={t('users.linked.unlinkConfirm')}
          onConfirm={() => unlink.mutate(platform, { onSuccess: close })}
          onClose={close}
          pending={unlink.isPending}
          error={unlink.error}
          danger
        />
      )}
    </>
  );
}
