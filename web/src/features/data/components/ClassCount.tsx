import { useState } from 'react';
import ButtonBase from '@mui/material/ButtonBase';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { classCountQueryOptions } from '../api/get-class-count';
import type { ClassStat } from '../api/get-class-stats';
import { formatCount } from '../utils/estimate';

export interface ClassCountProps {
  app: string;
  className: string;
  /** Names a hidden full sentence, which the class link uses as its description. */
  id: string;
  /** From the app's class statistics; `loading` while they come, undefined when the app has none. */
  stat?: ClassStat | 'loading' | undefined;
}

/**
 * A class's object count. Small classes show their exact count; large ones an estimate ("≈ 1.2M")
 * that counts exactly when selected. Without statistics, each class counts itself.
 */
export function ClassCount({ app, className, id, stat }: ClassCountProps) {
  const { t, i18n } = useTranslation();
  const [countNow, setCountNow] = useState(false);
  const known = stat === 'loading' ? undefined : stat;
  const counting = stat === undefined || countNow;
  // An exact count from the statistics seeds the class's own count query, so that writes to the
  // class (which invalidate it through classKeys.detail) count it again.
  const seeded = known?.exact ? { initialData: known.estimatedCount, staleTime: Infinity } : {};
  const count = useQuery({
    ...classCountQueryOptions(app, className),
    ...seeded,
    enabled: counting || known?.exact === true,
  });
  if (stat === 'loading' || (counting && count.isPending)) return <Skeleton width={24} aria-hidden />;
  if (count.error) return <ErrorAlert error={count.error} variant="inline" />;
  if (known && !known.exact && count.data === undefined) {
    return (
      <ButtonBase
        onClick={() => setCountNow(true)}
        aria-label={t('classes.estimatedCount', { count: known.estimatedCount })}
        title={t('classes.countExactly')}
        sx={{ borderRadius: 1, px: 0.5, typography: 'caption', color: 'text.secondary' }}
      >
        {formatCount(known.estimatedCount, false, i18n.language)}
        <span id={id} hidden>
          {t('classes.estimatedCount', { count: known.estimatedCount })}
        </span>
      </ButtonBase>
    );
  }
  const exact = count.data ?? known?.estimatedCount ?? 0;
  return (
    <>
      <Typography variant="caption" color="text.secondary" aria-hidden>
        {formatCount(exact, true, i18n.language)}
      </Typography>
      <span id={id} hidden>
        {t('data.objectCount', { count: exact })}
      </span>
    </>
  );
}
