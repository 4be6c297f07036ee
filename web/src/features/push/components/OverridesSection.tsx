import { useState } from 'react';
import Badge from '@mui/material/Badge';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { OVERRIDE_PLATFORMS } from '../utils/composer';
import type { Message, Override, OverridePlatform } from '../utils/composer';

const empty: Override = { title: '', text: '' };

/** Doc 2's per-platform objects (ios, android, each vendor) as tabs: a title and text of their own. */
export function OverridesSection({
  message,
  onMessage,
}: {
  message: Message;
  onMessage: (m: Message) => void;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<OverridePlatform>('ios');
  const current = message.overrides?.[tab] ?? empty;
  const set = (patch: Partial<Override>) =>
    onMessage({ ...message, overrides: { ...message.overrides, [tab]: { ...current, ...patch } } });
  const isSet = (p: OverridePlatform) => {
    const o = message.overrides?.[p];
    return !!o && (o.title !== '' || o.text !== '');
  };
  return (
    <Stack spacing={1} component="section" aria-labelledby="push-overrides">
      <Typography variant="subtitle1" component="h3" id="push-overrides">
        {t('push.compose.overrides.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('push.compose.overrides.help')}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_, v: OverridePlatform) => setTab(v)}
        variant="scrollable"
        aria-label={t('push.compose.overrides.title')}
      >
        {OVERRIDE_PLATFORMS.map((p) => (
          <Tab
            key={p}
            value={p}
            id={`push-override-tab-${p}`}
            aria-controls="push-override-panel"
            label={
              <Badge variant="dot" color="primary" invisible={!isSet(p)}>
                {t(`push.compose.overrides.platform.${p}`)}
              </Badge>
            }
          />
        ))}
      </Tabs>
      <Stack
        spacing={2}
        role="tabpanel"
        id="push-override-panel"
        aria-labelledby={`push-override-tab-${tab}`}
        sx={{ pt: 1 }}
      >
        <TextField
          label={t('push.compose.overrides.fieldTitle', {
            platform: t(`push.compose.overrides.platform.${tab}`),
          })}
          value={current.title}
          onChange={(e) => set({ title: e.target.value })}
        />
        <TextField
          label={t('push.compose.overrides.fieldText', {
            platform: t(`push.compose.overrides.platform.${tab}`),
          })}
          multiline
          minRows={2}
          value={current.text}
          onChange={(e) => set({ text: e.target.value })}
        />
      </Stack>
    </Stack>
  );
}
