import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import { darken } from '@mui/material/styles';
import type { Migration, MigrationStatus } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { finishedWithFailures } from '../utils/status';

// Info blue and warning orange fail text contrast (axe); stopped runs stay grey, the words say why.
const STYLE: Record<MigrationStatus, Pick<ChipProps, 'color' | 'variant'>> = {
  running: { color: 'primary', variant: 'filled' },
  succeeded: { color: 'success', variant: 'filled' },
  failed: { color: 'error', variant: 'filled' },
  cancelled: { color: 'default', variant: 'filled' },
  interrupted: { color: 'default', variant: 'filled' },
};

/** The run's status; a run that finished with failures says how many, in (a readable) orange. */
export function StatusChip({ migration }: { migration: Pick<Migration, 'status' | 'classes'> }) {
  const { t } = useTranslation();
  const failed = finishedWithFailures(migration);
  if (failed > 0)
    return (
      <Chip
        size="small"
        variant="outlined"
        label={t('migrate.statuses.succeededWithFailures', { count: failed })}
        // The palette's orange on white is below 4.5:1; darkened it reads, and stays orange.
        sx={(theme) => {
          const c =
            theme.palette.mode === 'light'
              ? darken(theme.palette.warning.main, 0.4)
              : theme.palette.warning.light;
          return { color: c, borderColor: c };
        }}
      />
    );
  return <Chip size="small" {...STYLE[migration.status]} label={t(`migrate.statuses.${migration.status}`)} />;
}
