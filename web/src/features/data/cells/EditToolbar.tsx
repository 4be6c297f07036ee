import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';

export interface EditToolbarProps {
  selected: number;
  review: boolean;
  busy: boolean;
  onReviewChange: (on: boolean) => void;
  onAdd: () => void;
  onClone: () => void;
  onDelete: () => void;
  onBulk: () => void;
}

export function EditToolbar(props: EditToolbarProps) {
  const { t } = useTranslation();
  const none = props.selected === 0;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pb: 1, flexWrap: 'wrap' }}>
      <Button size="small" startIcon={<AddIcon />} onClick={props.onAdd}>
        {t('edit.addRow')}
      </Button>
      <Button
        size="small"
        startIcon={<ContentCopyIcon />}
        onClick={props.onClone}
        disabled={none || props.busy}
      >
        {t('edit.cloneRows')}
      </Button>
      <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={props.onDelete} disabled={none}>
        {t('edit.deleteRows')}
      </Button>
      <Button size="small" onClick={props.onBulk}>
        {t('bulk.button')}
      </Button>
      <Box sx={{ flex: 1 }} />
      <FormControlLabel
        control={
          <Switch
            size="small"
            checked={props.review}
            onChange={(e) => props.onReviewChange(e.target.checked)}
          />
        }
        label={t('edit.reviewMode')}
      />
    </Box>
  );
}
