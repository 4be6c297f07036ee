import { useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import BookmarksIcon from '@mui/icons-material/Bookmarks';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import type { SavedView } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { useDeleteView, useViews } from '../api/views';
import { SaveViewDialog } from './SaveViewDialog';

interface Props {
  app: string;
  className: string;
  /** The current query as a URL search string (saved as the view). */
  search: string;
  /** Shows a view: its URL search string. */
  onOpen: (search: string) => void;
}

/** The class page's saved views: open one, save the current query, edit or delete one's own. */
export function ViewsMenu({ app, className, search, onOpen }: Props) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuMounted = useOpenedOnce(anchor !== null);
  const [saving, setSaving] = useState(false);
  const [editing, setEditing] = useState<SavedView | undefined>();
  const views = useViews(app, className);
  const remove = useDeleteView(app);
  const mine = views.data?.filter((v) => v.mine) ?? [];
  const others = views.data?.filter((v) => !v.mine) ?? [];

  const item = (v: SavedView) => (
    <MenuItem
      key={v.id}
      onClick={() => {
        setAnchor(null);
        onOpen(v.query);
      }}
    >
      <ListItemText
        primary={v.name}
        secondary={v.mine ? undefined : t('views.sharedBy', { email: v.ownerEmail })}
      />
      {v.mine && (
        <IconButton
          size="small"
          aria-label={t('views.edit', { name: v.name })}
          onClick={(e) => {
            e.stopPropagation();
            setAnchor(null);
            setEditing(v);
          }}
        >
          <EditIcon fontSize="small" />
        </IconButton>
      )}
      {v.mine && (
        <IconButton
          edge="end"
          size="small"
          aria-label={t('views.delete', { name: v.name })}
          onClick={(e) => {
            e.stopPropagation();
            remove.mutate(v.id);
          }}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      )}
    </MenuItem>
  );

  return (
    <>
      <Button size="small" startIcon={<BookmarksIcon />} onClick={(e) => setAnchor(e.currentTarget)}>
        {t('views.menu')}
      </Button>
      {menuMounted && (
        <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setSaving(true);
            }}
          >
            {t('views.save')}
          </MenuItem>
          <Divider />
          {views.error && <ErrorAlert error={views.error} variant="inline" />}
          {remove.error && <ErrorAlert error={remove.error} variant="inline" />}
          {views.data?.length === 0 && <MenuItem disabled>{t('views.none')}</MenuItem>}
          {mine.length > 0 && <ListSubheader>{t('views.mine')}</ListSubheader>}
          {mine.map(item)}
          {others.length > 0 && <ListSubheader>{t('views.sharedViews')}</ListSubheader>}
          {others.map(item)}
        </Menu>
      )}
      {saving && (
        <SaveViewDialog app={app} className={className} search={search} onClose={() => setSaving(false)} />
      )}
      {editing && (
        <SaveViewDialog
          app={app}
          className={className}
          search={search}
          view={editing}
          onClose={() => setEditing(undefined)}
        />
      )}
    </>
  );
}
