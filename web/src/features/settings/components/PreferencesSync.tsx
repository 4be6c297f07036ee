import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { useColorMode } from '../../../components/theme/color-mode';
import { changeLanguage } from '../../../lib/i18n';
import { useTimeZone } from '../../../lib/time-zone';
import { usePreferences, useUpdatePreferences } from '../api/preferences';
import { isEmpty, toApply, toSave } from '../utils/sync';
import type { LocalPreferences } from '../utils/sync';

/**
 * Keeps this browser and the server's copy of the person's settings in step: the server's
 * choices apply when the console opens; a change made here (top bar or settings page) is saved.
 */
export function PreferencesSync() {
  const { t, i18n } = useTranslation();
  const color = useColorMode();
  const zone = useTimeZone();
  const server = usePreferences();
  const update = useUpdatePreferences();
  const local: LocalPreferences = {
    language: i18n.language,
    theme: color.preference,
    timeZone: zone.preference,
  };
  const before = useRef(local);
  const applied = useRef(false);

  useEffect(() => {
    if (!server.data || applied.current) return;
    applied.current = true;
    const change = toApply(server.data, before.current);
    if (change.language) void changeLanguage(change.language);
    if (change.theme) color.setPreference(change.theme);
    if (change.timeZone) zone.setPreference(change.timeZone);
  }, [server.data, color, zone]);

  useEffect(() => {
    const previous = before.current;
    before.current = local;
    if (!applied.current || !server.data) return;
    const change = toSave(previous, local, server.data);
    if (!isEmpty(change)) update.mutate(change);
    // Only a change of one of the three settings should save; the rest are read as they are.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [local.language, local.theme, local.timeZone]);

  return (
    <Snackbar open={update.isError} onClose={() => update.reset()} autoHideDuration={8000}>
      <Alert severity="warning" onClose={() => update.reset()}>
        {t('settings.saveFailed', { message: update.error?.message ?? '' })}
      </Alert>
    </Snackbar>
  );
}
