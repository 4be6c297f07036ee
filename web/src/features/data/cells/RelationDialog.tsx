import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { classKeys } from '../api/keys';
import { applyOperations, findObjects } from '../editing/api';
import { refreshClass } from '../editing/cache';
import { relatedWhere, relationOp } from '../editing/relation';

export interface RelationDialogProps {
  app: string;
  className: string;
  objectId: string;
  field: string;
  targetClass: string;
  readOnly: boolean;
  onClose: () => void;
}

/** The objects a relation holds ($relatedTo), with add and remove (AddRelation, RemoveRelation). */
export function RelationDialog(props: RelationDialogProps) {
  const { app, className, objectId, field, targetClass, onClose } = props;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [toAdd, setToAdd] = useState('');
  const related = useQuery({
    queryKey: [...classKeys.detail(app, targetClass), 'related', className, objectId, field],
    queryFn: ({ signal }) =>
      findObjects(app, targetClass, { where: relatedWhere(className, objectId, field), limit: 100 }, signal),
  });
  const change = useMutation({
    // Adding or removing one member overwrites nobody's change, so it needs no version check.
    mutationFn: ({ op, id }: { op: 'AddRelation' | 'RemoveRelation'; id: string }) =>
      applyOperations(app, className, objectId, { [field]: relationOp(op, targetClass, [id]) }),
    onSuccess: () => {
      setToAdd('');
      void related.refetch();
      void refreshClass(queryClient, app, className);
    },
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="relation-title">
      <DialogTitle id="relation-title">
        {t('edit.relationTitle', { field, objectId, className: targetClass })}
      </DialogTitle>
      <DialogContent>
        {related.error && <ErrorAlert error={related.error} />}
        {change.error && <ErrorAlert error={change.error} />}
        {related.data?.results.length === 0 && <Alert severity="info">{t('edit.relationEmpty')}</Alert>}
        <List dense>
          {related.data?.results.map((obj) => (
            <ListItem
              key={obj.objectId}
              secondaryAction={
                !props.readOnly && (
                  <IconButton
                    edge="end"
                    aria-label={t('edit.relationRemove', { objectId: obj.objectId })}
                    disabled={change.isPending}
                    onClick={() => change.mutate({ op: 'RemoveRelation', id: obj.objectId })}
                  >
                    <RemoveIcon />
                  </IconButton>
                )
              }
            >
              <ListItemText
                primary={obj.objectId}
                slotProps={{ primary: { sx: { fontFamily: 'monospace' } } }}
              />
            </ListItem>
          ))}
        </List>
        {!props.readOnly && (
          <Stack
            direction="row"
            spacing={1}
            component="form"
            onSubmit={(e) => {
              e.preventDefault();
              if (toAdd.trim()) change.mutate({ op: 'AddRelation', id: toAdd.trim() });
            }}
          >
            <TextField
              size="small"
              sx={{ flex: 1 }}
              label={t('edit.relationAdd')}
              value={toAdd}
              onChange={(e) => setToAdd(e.target.value)}
            />
            <Button type="submit" disabled={!toAdd.trim() || change.isPending}>
              {t('edit.aclAdd')}
            </Button>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('edit.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
