import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';

export type MessagingSection = 'overview' | 'conversations' | 'clients' | 'broadcasts';

/** The messaging area's sections, as links so each has its own URL. */
export function MessagingTabs({ app, current }: { app: string; current: MessagingSection }) {
  const { t } = useTranslation();
  const tabs: { value: MessagingSection; to: string }[] = [
    { value: 'overview', to: paths.messaging(app, 'overview') },
    { value: 'conversations', to: paths.messaging(app) },
    { value: 'clients', to: paths.messaging(app, 'clients') },
    { value: 'broadcasts', to: paths.messaging(app, 'broadcasts') },
  ];
  return (
    <Box
      component="nav"
      aria-label={t('messaging.tabs.label')}
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      <Tabs value={current} aria-label={t('messaging.tabs.label')}>
        {tabs.map((tab) => (
          <Tab
            key={tab.value}
            value={tab.value}
            label={t(`messaging.tabs.${tab.value}`)}
            component={RouterLink}
            to={tab.to}
            aria-current={tab.value === current ? 'page' : undefined}
          />
        ))}
      </Tabs>
    </Box>
  );
}
