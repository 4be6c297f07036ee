import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import type { FieldProblem, Message } from '../utils/composer';
import { OverridesSection } from './OverridesSection';

export interface MessageSectionProps {
  mode: 'form' | 'json';
  onMode: (m: 'form' | 'json') => void;
  message: Message;
  onMessage: (m: Message) => void;
  json: string;
  onJson: (s: string) => void;
  problems: FieldProblem[];
}

/** The message, as a form or as Doc 2 `data` JSON; each problem shows at its field. */
export function MessageSection(p: MessageSectionProps) {
  const { t } = useTranslation();
  const { message: m, onMessage } = p;
  const at = (field: string) => p.problems.find((x) => x.field === field)?.message;
  // An empty Text is wrong, but not yet a mistake: the rule shows as help until the field is left.
  const [textTouched, setTextTouched] = useState(false);
  const textProblem = textTouched ? at('data.alert') : undefined;
  const set = (patch: Partial<Message>) => onMessage({ ...m, ...patch });
  const jsonProblems = p.problems.filter((x) => x.field === 'json' || x.field.startsWith('data'));
  return (
    <Stack spacing={2} component="section" aria-labelledby="push-message">
      <Typography variant="h6" component="h2" id="push-message">
        {t('push.compose.message')}
      </Typography>
      <Tabs
        value={p.mode}
        onChange={(_, v: 'form' | 'json') => p.onMode(v)}
        aria-label={t('push.compose.message')}
      >
        <Tab value="form" label={t('push.compose.form')} />
        <Tab value="json" label={t('push.compose.json')} />
      </Tabs>
      {p.mode === 'json' ? (
        <TextField
          label={t('push.compose.jsonLabel')}
          multiline
          minRows={8}
          value={p.json}
          onChange={(e) => p.onJson(e.target.value)}
          error={jsonProblems.length > 0}
          helperText={jsonProblems.map((x) => `${x.field}: ${x.message}`).join(' · ') || ' '}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
      ) : (
        <>
          <TextField
            label={t('push.compose.fields.title')}
            value={m.title}
            onChange={(e) => set({ title: e.target.value })}
          />
          <TextField
            label={t('push.compose.fields.text')}
            required
            multiline
            minRows={2}
            value={m.text}
            onChange={(e) => set({ text: e.target.value })}
            onBlur={() => setTextTouched(true)}
            error={!!textProblem}
            helperText={textProblem ?? t('push.compose.fields.textHelp')}
          />
          <Stack direction="row" spacing={2}>
            <TextField
              label={t('push.compose.fields.badge')}
              value={m.badge}
              onChange={(e) => set({ badge: e.target.value })}
              error={!!at('data.badge')}
              helperText={at('data.badge') ?? t('push.compose.fields.badgeHelp')}
            />
            <TextField
              label={t('push.compose.fields.sound')}
              value={m.sound}
              onChange={(e) => set({ sound: e.target.value })}
              error={!!at('data.sound')}
              helperText={at('data.sound') ?? ' '}
            />
          </Stack>
          <FormControlLabel
            control={<Checkbox checked={m.silent} onChange={(e) => set({ silent: e.target.checked })} />}
            label={t('push.compose.fields.silent')}
          />
          <Typography variant="subtitle2" component="h3">
            {t('push.compose.fields.custom')}
          </Typography>
          {m.custom.map((f, i) => (
            <Stack direction="row" spacing={1} key={i} sx={{ alignItems: 'center' }}>
              <TextField
                size="small"
                label={t('push.compose.fields.key')}
                value={f.key}
                error={!!at(`data.${f.key}`)}
                helperText={at(`data.${f.key}`)}
                onChange={(e) =>
                  set({ custom: m.custom.map((c, j) => (j === i ? { ...c, key: e.target.value } : c)) })
                }
              />
              <TextField
                size="small"
                label={t('push.compose.fields.value')}
                value={f.value}
                onChange={(e) =>
                  set({ custom: m.custom.map((c, j) => (j === i ? { ...c, value: e.target.value } : c)) })
                }
              />
              <IconButton
                aria-label={t('push.compose.fields.removeCustom', { key: f.key })}
                onClick={() => set({ custom: m.custom.filter((_, j) => j !== i) })}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          ))}
          <Button
            sx={{ alignSelf: 'flex-start' }}
            onClick={() => set({ custom: [...m.custom, { key: '', value: '' }] })}
          >
            {t('push.compose.fields.addCustom')}
          </Button>
          <OverridesSection message={m} onMessage={onMessage} />
        </>
      )}
    </Stack>
  );
}
