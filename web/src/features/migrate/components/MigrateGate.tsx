import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../../components/LoadingState';
import { UnavailablePage } from '../../../components/UnavailablePage';
import { hasAppPermission, useSession } from '../../../lib/session';

/**
 * Without `migrate.run` the bff refuses every migration route; the page says so up front instead
 * of showing a form that could only fail. Only the bff decides: this is a courtesy.
 */
export function MigrateGate({ app, children }: { app: string; children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  if (session.isPending) return <LoadingState />;
  if (!hasAppPermission(session.data, app, 'migrate.run')) {
    return (
      <UnavailablePage
        title={t('migrate.title')}
        message={t('migrate.forbidden')}
        planned={t('migrate.forbiddenHint')}
      />
    );
  }
  return children;
}
