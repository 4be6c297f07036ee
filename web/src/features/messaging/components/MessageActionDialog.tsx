import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useMessageAction } from '../api/history';
import type { ImMessage } from '../api/history';
import { MESSAGE_MAX_BYTES, utf8Bytes } from '../utils/content';
import type { ConvKind } from '../utils/kinds';
import type { MessageAction } from './MessageItem';

interface Props {
  app: string;
  kind: ConvKind;
  convId: string;
  action: MessageAction;
  m: ImMessage;
  onClose: () => void;
}

/** Asks before modifying, recalling or deleting a message, saying what each does to clients. */
export function MessageActionDialog({ app, kind, convId, action, m, onClose }: Props) {
  const { t } = useTranslation();
  const act = useMessageAction(app, kind, convId);
  const [content, setContent] = useState(m.data);
  const bytes = utf8Bytes(content);
  return (
    <ConfirmDialog
      danger={action !== 'modify'}
      title={t(`messaging.actions.${action}Title`, { from: m.from })}
      text={t(`messaging.actions.${action}Text`)}
      confirmLabel={t(`messaging.actions.${action}`)}
      pending={act.isPending}
      error={act.error}
      ready={action !== 'modify' || (content !== '' && bytes <= MESSAGE_MAX_BYTES)}
      onClose={onClose}
      onConfirm={() =>
        act.mutate(action === 'modify' ? { action, m, message: content } : { action, m }, {
          onSuccess: onClose,
        })
      }
    >
      {action === 'modify' && (
        <TextField
          label={t('messaging.actions.newContent')}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          multiline
          minRows={3}
          error={bytes > MESSAGE_MAX_BYTES}
          helperText={t('messaging.send.size', { bytes, max: MESSAGE_MAX_BYTES })}
        />
      )}
    </ConfirmDialog>
  );
}
