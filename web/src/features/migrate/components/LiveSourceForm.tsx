import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import type { Migration } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useStartLiveMigration } from '../api/migrations';
import { validateLiveForm } from '../utils/live-form';
import type { LiveField } from '../utils/live-form';

export interface LiveSourceFormProps {
  app: string;
  downloadFiles: boolean;
  onStarted: (migration: Migration) => void;
}

const EMPTY = { sourceUrl: '', sourceAppId: '', sourceMasterKey: '' };

/** The source app's address and keys; checked with the contract's schema before sending. */
export function LiveSourceForm({ app, downloadFiles, onStarted }: LiveSourceFormProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState(EMPTY);
  const [invalid, setInvalid] = useState<readonly LiveField[]>([]);
  const [showKey, setShowKey] = useState(false);
  const start = useStartLiveMigration(app);

  const field = (name: LiveField) => ({
    name,
    value: form[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      setForm((f) => ({ ...f, [name]: e.target.value }));
      setInvalid((list) => list.filter((f) => f !== name));
    },
    error: invalid.includes(name),
    fullWidth: true,
    required: true,
    label: t(`migrate.live.${name}`),
  });
  const problem = (name: LiveField) =>
    invalid.includes(name) ? t(`migrate.live.errors.${name}`) : undefined;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const result = validateLiveForm({ ...form, downloadFiles });
    if (!result.ok) return setInvalid(result.invalid);
    start.mutate(result.body, { onSuccess: onStarted });
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} sx={{ maxWidth: 560 }}>
      {start.error && <ErrorAlert error={start.error} />}
      <TextField
        {...field('sourceUrl')}
        type="url"
        autoComplete="off"
        helperText={problem('sourceUrl') ?? t('migrate.live.sourceUrlHint')}
      />
      <TextField {...field('sourceAppId')} autoComplete="off" helperText={problem('sourceAppId')} />
      <TextField
        {...field('sourceMasterKey')}
        type={showKey ? 'text' : 'password'}
        autoComplete="off"
        helperText={problem('sourceMasterKey') ?? t('migrate.live.masterKeyHint')}
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  onClick={() => setShowKey((s) => !s)}
                  aria-label={showKey ? t('migrate.live.hideKey') : t('migrate.live.showKey')}
                  edge="end"
                >
                  {showKey ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <div>
        <Button type="submit" variant="contained" disabled={start.isPending}>
          {t('migrate.start')}
        </Button>
      </div>
    </Stack>
  );
}
