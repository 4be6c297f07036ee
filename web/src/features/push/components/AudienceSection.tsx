import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { GroupEditor } from '../../../components/query-builder/GroupEditor';
import { InvalidInputsContext } from '../../../components/query-builder/invalid-inputs';
import { emptyGroup } from '../../../components/query-builder/model';
import { ANDROID_ROUTES } from '@switchboard/shared';
import type { Audience as Reach } from '@switchboard/shared';
import { useInstallationFields, useKnownChannels } from '../api/send';
import type { Audience, DeviceChoice } from '../utils/composer';

export interface AudienceSectionProps {
  app: string;
  value: Audience;
  onChange: (a: Audience) => void;
  estimate: { data?: Reach | undefined; error: unknown; isFetching: boolean };
  problem?: string | undefined;
  activeDaysProblem?: string | undefined;
  /** Told which condition inputs hold text that is not a value yet. */
  reportInvalid: (id: string, invalid: boolean) => void;
  conditionsProblem?: string | undefined;
}

/** Who receives the push, and how many devices that is by the server's count. */
export function AudienceSection(props: AudienceSectionProps) {
  const { app, value, onChange, estimate, problem, activeDaysProblem } = props;
  const { t } = useTranslation();
  const known = useKnownChannels(app);
  const fields = useInstallationFields(app);
  const e = estimate.data;
  // Android devices per delivery channel: the own channel (labelled "android") and each vendor.
  const routes = e ? ANDROID_ROUTES.filter((r) => (e.androidRoutes[r] ?? 0) > 0) : [];
  return (
    <Stack spacing={2} component="section" aria-labelledby="push-audience">
      <Typography variant="h6" component="h2" id="push-audience">
        {t('push.compose.audience')}
      </Typography>
      <RadioGroup
        row
        aria-labelledby="push-audience"
        value={value.kind}
        onChange={(ev) => onChange({ ...value, kind: ev.target.value as Audience['kind'] })}
      >
        <FormControlLabel value="everyone" control={<Radio />} label={t('push.compose.everyone')} />
        <FormControlLabel value="channels" control={<Radio />} label={t('push.compose.channels')} />
      </RadioGroup>
      {value.kind === 'channels' && (
        <Autocomplete
          multiple
          freeSolo
          options={known.data ?? []}
          value={value.channels}
          onChange={(_, channels) => onChange({ ...value, channels: channels.map(String) })}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('push.compose.channels')}
              helperText={problem ?? t('push.compose.channelsHelp')}
              error={!!problem}
            />
          )}
        />
      )}
      <TextField
        select
        label={t('push.compose.deviceType')}
        value={value.deviceType}
        onChange={(ev) => onChange({ ...value, deviceType: ev.target.value as DeviceChoice })}
        sx={{ maxWidth: 280 }}
      >
        <MenuItem value="all">{t('push.compose.deviceAll')}</MenuItem>
        <MenuItem value="ios">{t('push.compose.ios')}</MenuItem>
        <MenuItem value="android">{t('push.compose.android')}</MenuItem>
      </TextField>
      <TextField
        label={t('push.compose.activeDays')}
        value={value.activeDays ?? ''}
        onChange={(ev) => onChange({ ...value, activeDays: ev.target.value })}
        error={!!activeDaysProblem}
        helperText={activeDaysProblem ?? t('push.compose.activeDaysHelp')}
        sx={{ maxWidth: 280 }}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
      />
      <Stack spacing={1} component="section" aria-labelledby="push-conditions">
        <Typography variant="subtitle1" component="h3" id="push-conditions">
          {t('push.compose.conditions')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('push.compose.conditionsHelp')}
        </Typography>
        <InvalidInputsContext value={props.reportInvalid}>
          <GroupEditor
            root={value.conditions ?? emptyGroup()}
            path={[]}
            fields={fields.data ?? {}}
            onChange={(conditions) => onChange({ ...value, conditions })}
          />
        </InvalidInputsContext>
        {props.conditionsProblem && (
          <Typography variant="body2" color="error">
            {props.conditionsProblem}
          </Typography>
        )}
      </Stack>
      {estimate.error ? <ErrorAlert error={estimate.error} /> : null}
      <div role="status" aria-live="polite">
        {e ? (
          <Typography data-testid="push-estimate" data-total={e.total} data-exact={String(e.exact)}>
            {t(e.exact ? 'push.compose.estimate' : 'push.compose.estimateApprox', {
              total: e.total,
              ios: e.ios,
              android: e.android,
            })}
          </Typography>
        ) : (
          estimate.isFetching && <Typography>{t('push.compose.estimating')}</Typography>
        )}
        {e && routes.length > 0 && (
          <Typography variant="body2" data-testid="push-estimate-vendors">
            {t('push.compose.estimateVendors', {
              list: routes
                .map(
                  (r) =>
                    `${t(`push.devices.platform.${r === 'own' ? 'android' : r}`)} ${e.androidRoutes[r] ?? 0}`,
                )
                .join(', '),
            })}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary">
          {t('push.compose.estimateNote')}
        </Typography>
      </div>
    </Stack>
  );
}
