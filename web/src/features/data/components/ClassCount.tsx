import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useClassCount } from '../api/get-class-count';

/**
 * A class's object count. The visible number is terse; `id` names a hidden full sentence that the
 * class link uses as its description, so the link's name stays the class name alone.
 */
export function ClassCount({ app, className, id }: { app: string; className: string; id: string }) {
  const { t, i18n } = useTranslation();
  const count = useClassCount(app, className);
  if (count.isPending) return <Skeleton width={24} aria-hidden />;
  if (count.error) return <ErrorAlert error={count.error} variant="inline" />;
  return (
    <>
      <Typography variant="caption" color="text.secondary" aria-hidden>
        {new Intl.NumberFormat(i18n.language).format(count.data)}
      </Typography>
      <span id={id} hidden>
        {t('data.objectCount', { count: count.data })}
      </span>
    </>
  );
}
