import { useRef, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useUserSearch } from './api';
import type { UserSummary } from './api';
import { enterPick } from './enter-pick';

/** Finds a user by username prefix or objectId and reports the one picked. */
export function UserSearchPicker({
  app,
  label,
  onPick,
  disabled,
}: {
  app: string;
  label: string;
  onPick: (user: UserSummary) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  // Asked only once the list opens: a form holding a picker costs no request until it is used.
  const search = useUserSearch(app, text, open || text !== '');
  const shown = search.data ?? [];
  // Autocomplete forgets its highlighted option on the first re-render after its options change
  // when the option at that index before the change is not in the new list (mui/material-ui#48093);
  // with value={null} it then resets to nothing, and Enter picked nobody. A refetch of this
  // search or of the page's lists landing between the arrow key and Enter was enough. So the
  // option the person moved to is kept here and Enter is answered from it.
  const highlighted = useRef<UserSummary | null>(null);

  const pick = (user: UserSummary) => {
    onPick(user);
    setText('');
    setOpen(false);
    highlighted.current = null;
  };

  return (
    <Autocomplete
      sx={{ flex: 1, minWidth: 240 }}
      size="small"
      disabled={disabled}
      options={shown}
      filterOptions={(o) => o}
      getOptionLabel={(o) => `${o.username} (${o.objectId})`}
      isOptionEqualToValue={(a, b) => a.objectId === b.objectId}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => {
        setOpen(false);
        highlighted.current = null;
      }}
      onHighlightChange={(_, option) => {
        highlighted.current = option;
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' || !open || event.nativeEvent.isComposing) return;
        // Enter never submits a surrounding form, and never falls through to Autocomplete's own
        // choice, which may have been reset under the person.
        event.preventDefault();
        event.defaultMuiPrevented = true;
        const user = enterPick(highlighted.current, shown, !search.isPlaceholderData);
        if (user) pick(user);
      }}
      inputValue={text}
      onInputChange={(_, v, reason) => {
        if (reason === 'reset') return;
        // New text: Autocomplete drops its highlight too, and the list will be another answer.
        highlighted.current = null;
        setText(v);
      }}
      onChange={(_, o) => {
        if (o) pick(o);
      }}
      value={null}
      loading={search.isFetching}
      noOptionsText={t('acl.noUserMatch')}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
