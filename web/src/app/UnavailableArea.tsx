import { useTranslation } from 'react-i18next';
import { UnavailablePage } from '../components/UnavailablePage';

export type PlannedArea = 'users' | 'roles' | 'push' | 'messaging';

/** A console section that is in the navigation but not built yet. */
export function UnavailableArea({ area }: { area: PlannedArea }) {
  const { t } = useTranslation();
  return (
    <UnavailablePage
      title={t(`nav.${area}`)}
      message={t(`areas.${area}.unavailable`)}
      planned={t(`areas.${area}.planned`)}
    />
  );
}
