import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { paths } from '../../../lib/paths';
import { useCreateConversation } from '../api/conversations';
import { clientIdList } from '../utils/compose';
import { CONV_KINDS } from '../utils/kinds';
import type { ConvKind } from '../utils/kinds';

/** Creates a conversation (with `unique`, the existing one of the same members), chat room or service conversation. */
export function CreateConversationDialog({ app, onClose }: { app: string; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateConversation(app);
  const [kind, setKind] = useState<ConvKind>('conversation');
  const [name, setName] = useState('');
  const [members, setMembers] = useState('');
  const [creator, setCreator] = useState('');
  const [unique, setUnique] = useState(false);
  const submit = () =>
    create.mutate(
      { kind, name: name.trim(), members: clientIdList(members), creator: creator.trim(), unique },
      { onSuccess: (made) => void navigate(paths.conversation(app, made.objectId)) },
    );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('messaging.create.title')}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="create-conversation"
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {create.error ? <ErrorAlert error={create.error} /> : null}
          <TextField
            select
            label={t('messaging.create.kind')}
            value={kind}
            onChange={(e) => setKind(e.target.value as ConvKind)}
          >
            {CONV_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`messaging.kinds.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('messaging.create.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
          />
          <TextField
            label={t('messaging.create.creator')}
            value={creator}
            onChange={(e) => setCreator(e.target.value)}
          />
          {kind === 'conversation' && (
            <>
              <TextField
                label={t('messaging.create.members')}
                value={members}
                onChange={(e) => setMembers(e.target.value)}
                multiline
                minRows={2}
              />
              <FormControlLabel
                control={<Checkbox checked={unique} onChange={(e) => setUnique(e.target.checked)} />}
                label={t('messaging.create.unique')}
              />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          type="submit"
          form="create-conversation"
          variant="contained"
          disabled={create.isPending || !name.trim()}
        >
          {t('messaging.create.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
