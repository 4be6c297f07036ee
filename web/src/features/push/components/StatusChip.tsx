import Chip from '@mui/material/Chip';
import type { PushStatus } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';

const COLOR: Record<PushStatus, 'default' | 'info' | 'success' | 'warning' | 'error'> = {
  scheduled: 'info',
  'in-queue': 'default',
  running: 'info',
  done: 'success',
  expired: 'warning',
  error: 'error',
};

export function StatusChip({ status }: { status: PushStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={COLOR[status]} label={t(`push.status.${status}`)} />;
}
