import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { emptyGroup } from './model';
import type { Group } from './model';
import { appendTo, newCondition, removeAt, updateAt } from './model-edit';
import type { FieldTypes, NodePath } from './model-edit';
import { ConditionEditor } from './ConditionEditor';

interface Props {
  root: Group;
  path: NodePath;
  fields: FieldTypes;
  onChange: (root: Group) => void;
}

/** A group of the builder (the root or a nested one): AND/OR, its members, and adding more. */
export function GroupEditor({ root, path, fields, onChange }: Props) {
  const { t } = useTranslation();
  const group = path.reduce<Group>((g, i) => g.children[i] as Group, root);
  const nested = path.length > 0;
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        ...(nested && { borderLeft: 3, borderColor: 'divider', pl: 1.5 }),
      }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={group.join}
          aria-label={t('query.join')}
          onChange={(_e, join: Group['join'] | null) =>
            join && onChange(updateAt(root, path, (g) => ({ ...(g as Group), join })))
          }
        >
          <ToggleButton value="and">{t('query.and')}</ToggleButton>
          <ToggleButton value="or">{t('query.or')}</ToggleButton>
        </ToggleButtonGroup>
        <Button size="small" onClick={() => onChange(appendTo(root, path, newCondition(fields)))}>
          {t('query.addCondition')}
        </Button>
        <Button
          size="small"
          onClick={() => onChange(appendTo(root, path, emptyGroup(group.join === 'and' ? 'or' : 'and')))}
        >
          {t('query.addGroup')}
        </Button>
        {nested && (
          <Button size="small" color="error" onClick={() => onChange(removeAt(root, path))}>
            {t('query.removeGroup')}
          </Button>
        )}
      </Box>
      {!nested && group.children.length === 0 && (
        <Typography color="text.secondary">{t('query.emptyBuilder')}</Typography>
      )}
      {group.children.map((child, i) =>
        child.kind === 'group' ? (
          <GroupEditor
            key={`${i}-${group.children.length}`}
            root={root}
            path={[...path, i]}
            fields={fields}
            onChange={onChange}
          />
        ) : (
          // Rows keep typed text; a new count re-reads every row from the model after a removal.
          <ConditionEditor
            key={`${i}-${group.children.length}`}
            condition={child}
            fields={fields}
            onChange={(c) => onChange(updateAt(root, [...path, i], () => c))}
            onRemove={() => onChange(removeAt(root, [...path, i]))}
          />
        ),
      )}
    </Box>
  );
}
