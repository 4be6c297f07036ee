import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import type { MigrationStatus } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';

const COLORS: Record<MigrationStatus, ChipProps['color']> = {
  queued: 'default',
  running: 'info',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'warning',
  interrupted: 'warning',
};

export function StatusChip({ status }: { status: MigrationStatus }) {
  const { t } = useTranslation();
  return (
    <Chip size="small" variant="outlined" color={COLORS[status]} label={t(`migrate.statuses.${status}`)} />
  );
}
