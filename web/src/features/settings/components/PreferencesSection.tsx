import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CONSOLE_THEMES } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { useColorMode } from '../../../components/theme/color-mode';
import type { ColorModePreference } from '../../../components/theme/color-mode';
import { changeLanguage, isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../../../lib/i18n';
import { browserTimeZone, formatInZone, timeZoneNames, useTimeZone } from '../../../lib/time-zone';

/** Sentinel option of the zone picker: follow the browser. */
const BROWSER = '';

/** Language, theme and time zone; PreferencesSync saves each change on the server. */
export function PreferencesSection() {
  const { t, i18n } = useTranslation();
  const color = useColorMode();
  const zone = useTimeZone();
  const zones = useMemo(() => [BROWSER, ...timeZoneNames()], []);
  const now = formatInZone(new Date(), zone.timeZone);
  const zoneLabel = (z: string) =>
    z === BROWSER ? t('settings.browserZone', { zone: browserTimeZone() }) : z;

  return (
    <Stack spacing={2.5} sx={{ maxWidth: 420 }}>
      <Typography variant="h6" component="h2">
        {t('settings.preferences')}
      </Typography>
      <TextField
        select
        label={t('settings.language')}
        value={isLanguage(i18n.language) ? i18n.language : 'en'}
        onChange={(e) => isLanguage(e.target.value) && void changeLanguage(e.target.value)}
      >
        {LANGUAGES.map((lng) => (
          <MenuItem key={lng} value={lng} lang={lng}>
            {LANGUAGE_NAMES[lng]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('settings.theme')}
        value={color.preference}
        onChange={(e) => color.setPreference(e.target.value as ColorModePreference)}
      >
        {CONSOLE_THEMES.map((theme) => (
          <MenuItem key={theme} value={theme}>
            {t(`settings.themes.${theme}`)}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete
        options={zones}
        value={zone.preference ?? BROWSER}
        getOptionLabel={zoneLabel}
        disableClearable
        onChange={(_e, value) => zone.setPreference(value === BROWSER ? null : value)}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('settings.timeZone')}
            helperText={t('settings.timeZoneNow', { time: now.text, offset: now.offset })}
          />
        )}
      />
    </Stack>
  );
}
