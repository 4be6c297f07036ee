import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';
import { useAppPermission } from '../../../lib/session';

export type PushSection = 'records' | 'compose' | 'scheduled' | 'devices' | 'overview';

/** The push area's sections, as links so each has its own URL. */
export function PushTabs({ app, current }: { app: string; current: PushSection }) {
  const { t } = useTranslation();
  const canSend = useAppPermission(app, 'push.write');
  const tabs: { value: PushSection; to: string }[] = [
    { value: 'records', to: paths.push(app) },
    ...(canSend ? [{ value: 'compose' as const, to: paths.push(app, 'new') }] : []),
    { value: 'scheduled', to: paths.push(app, 'scheduled') },
    { value: 'devices', to: paths.push(app, 'devices') },
    { value: 'overview', to: paths.push(app, 'overview') },
  ];
  return (
    <Box
      component="nav"
      aria-label={t('push.tabs.label')}
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      <Tabs value={current} aria-label={t('push.tabs.label')}>
        {tabs.map((tab) => (
          <Tab
            key={tab.value}
            value={tab.value}
            label={t(`push.tabs.${tab.value}`)}
            component={RouterLink}
            to={tab.to}
            aria-current={tab.value === current ? 'page' : undefined}
          />
        ))}
      </Tabs>
    </Box>
  );
}
