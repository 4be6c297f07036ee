import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useDeviceCounts } from '../api/devices';
import { PLATFORM_FILTERS } from '../../../components/installations/devices';
import type { PlatformFilter } from '../../../components/installations/devices';

/** Installations per platform and vendor; choosing one filters the list by it. */
export function DeviceCounts(p: {
  app: string;
  value: PlatformFilter;
  onChange: (v: PlatformFilter) => void;
}) {
  const { t } = useTranslation();
  const counts = useDeviceCounts(p.app);
  if (!counts.data) return null;
  const shown = PLATFORM_FILTERS.filter((f) => (counts.data.get(f) ?? 0) > 0);
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', mb: 2 }}
      aria-label={t('push.devices.counts')}
      data-testid="device-counts"
    >
      {shown.map((f) => (
        <Chip
          key={f}
          label={`${t(`push.devices.platform.${f}`)}: ${counts.data.get(f) ?? 0}`}
          color={p.value === f ? 'primary' : 'default'}
          variant={p.value === f ? 'filled' : 'outlined'}
          aria-pressed={p.value === f}
          onClick={() => p.onChange(p.value === f ? '' : f)}
        />
      ))}
    </Stack>
  );
}
