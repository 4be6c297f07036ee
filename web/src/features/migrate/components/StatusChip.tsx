import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import type { MigrationStatus } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';

// Info blue and warning orange fail text contrast (axe); stopped runs stay grey, the words say why.
const STYLE: Record<MigrationStatus, Pick<ChipProps, 'color' | 'variant'>> = {
  queued: { color: 'default', variant: 'outlined' },
  running: { color: 'primary', variant: 'filled' },
  succeeded: { color: 'success', variant: 'filled' },
  failed: { color: 'error', variant: 'filled' },
  cancelled: { color: 'default', variant: 'filled' },
  interrupted: { color: 'default', variant: 'filled' },
};

export function StatusChip({ status }: { status: MigrationStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" {...STYLE[status]} label={t(`migrate.statuses.${status}`)} />;
}
