import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { editRaw, finishDraft, initDraft, toBuilder, toRaw } from '../draft';
import type { Draft } from '../draft';
import type { FieldTypes } from '../../../../components/query-builder/model-edit';
import type { DataQuery, QueryChange } from '../url-state';
import { GroupEditor } from '../../../../components/query-builder/GroupEditor';
import { InvalidInputsContext, useInvalidInputs } from '../../../../components/query-builder/invalid-inputs';

interface Props {
  className: string;
  query: DataQuery;
  fields: FieldTypes;
  onApply: (change: QueryChange) => void;
  onClose: () => void;
}

type TabName = 'builder' | 'raw' | 'columns';

/** The query editor: builder, raw JSON (the two round-trip) and the fields to fetch. Opened fresh each time. */
export function QueryDialog({ className, query, fields, onApply, onClose }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => initDraft(query));
  const [tab, setTab] = useState<TabName>(draft.mode);
  const finished = finishDraft(draft);
  const inputs = useInvalidInputs();

  const switchTo = (next: TabName) => {
    const d = next === 'builder' ? toBuilder(draft) : next === 'raw' ? toRaw(draft) : draft;
    setDraft(d);
    setTab(next === 'builder' && d.mode !== 'builder' ? 'raw' : next);
  };
  const pointerFields = Object.entries(fields)
    .filter(([, f]) => f.type === 'Pointer')
    .map(([name]) => name);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="query-dialog-title">
      <DialogTitle id="query-dialog-title">{t('query.filterTitle', { className })}</DialogTitle>
      <Tabs value={tab} onChange={(_e, v: TabName) => switchTo(v)} sx={{ px: 3 }}>
        <Tab value="builder" label={t('query.tabBuilder')} />
        <Tab value="raw" label={t('query.tabRaw')} />
        <Tab value="columns" label={t('query.tabColumns')} />
      </Tabs>
      <DialogContent sx={{ minHeight: 320 }}>
        {draft.rawMessage && tab !== 'columns' && (
          <Alert severity={draft.rawMessage.kind === 'invalid' ? 'error' : 'info'} sx={{ mb: 2 }}>
            {t(draft.rawMessage.kind === 'invalid' ? 'query.rawInvalid' : 'query.rawNotRepresentable', {
              message: draft.rawMessage.message,
            })}
          </Alert>
        )}
        {tab === 'builder' && (
          <Box sx={{ pt: 1 }}>
            <InvalidInputsContext value={inputs.report}>
              <GroupEditor
                root={draft.model}
                path={[]}
                fields={fields}
                onChange={(model) => setDraft({ ...draft, model })}
              />
            </InvalidInputsContext>
          </Box>
        )}
        {tab === 'raw' && (
          <TextField
            label={t('query.raw')}
            value={draft.raw}
            onChange={(e) => setDraft(editRaw(draft, e.target.value))}
            multiline
            minRows={10}
            fullWidth
            error={draft.rawMessage?.kind === 'invalid'}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
            sx={{ mt: 1 }}
          />
        )}
        {tab === 'columns' && (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
            <FieldList
              label={t('query.keys')}
              helperText={t('query.keysHelp')}
              options={Object.keys(fields)}
              value={draft.keys}
              onChange={(keys) => setDraft({ ...draft, keys })}
            />
            <FieldList
              label={t('query.include')}
              options={pointerFields}
              value={draft.include}
              onChange={(include) => setDraft({ ...draft, include })}
            />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('query.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!finished.ok || inputs.anyInvalid}
          onClick={() => finished.ok && onApply(finished.change)}
        >
          {t('query.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function FieldList(props: {
  label: string;
  helperText?: string;
  options: string[];
  value: string[];
  onChange: (v: string[]) => void;
}) {
  return (
    <Autocomplete
      multiple
      freeSolo
      options={props.options}
      value={props.value}
      onChange={(_e, v) => props.onChange(v.map((x) => x.trim()).filter(Boolean))}
      renderInput={(params) => <TextField {...params} label={props.label} helperText={props.helperText} />}
    />
  );
}
