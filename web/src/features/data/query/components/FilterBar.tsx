import { memo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CancelIcon from '@mui/icons-material/Cancel';
import FilterListIcon from '@mui/icons-material/FilterList';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportedField } from '@switchboard/shared';
import { countConditions, conditionValueText } from '../../../../components/query-builder/describe';
import { fieldTypes } from '../../../../components/query-builder/fields';
import { RELATED_TO_FIELD } from '../../../../components/query-builder/model';
import type { QueryNode } from '../../../../components/query-builder/model';
import { removeAt } from '../../../../components/query-builder/model-edit';
import type { DataQueryControls } from '../use-data-query';
import { fromWhere, toWhere } from '../../../../components/query-builder/where';
import { QueryDialog } from './QueryDialog';

interface Props {
  className: string;
  /** The class's fields from its schema. */
  schema: Record<string, ReportedField> | undefined;
  controls: DataQueryControls;
  /** More actions at the end of the bar (the saved views menu). */
  actions?: ReactNode;
}

/** Above the grid: the active conditions as removable chips, and the button that opens the query editor. */
/** Memoized: the page around it renders again as the grid scrolls and loads blocks of rows. */
export const FilterBar = memo(function FilterBar({ className, schema, controls, actions }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { query } = controls;
  const fields = fieldTypes(schema);
  const parsed = fromWhere(query.where);
  const empty = Object.keys(query.where).length === 0;

  const label = (node: QueryNode): string => {
    if (node.kind === 'group')
      return t('query.group', { count: countConditions(node), join: t(`query.${node.join}`) });
    const field = node.field === RELATED_TO_FIELD ? '' : `${node.field} `;
    const value = node.operator === 'exists' ? (node.value ? '' : '✗') : conditionValueText(node);
    return `${field}${t(`query.ops.${node.operator}`)} ${value}`.trim();
  };

  return (
    <Box sx={{ px: 2, pb: 1 }}>
      {query.whereError && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('query.whereInUrlIgnored', { message: query.whereError })}
        </Alert>
      )}
      <Box
        role="region"
        aria-label={t('query.activeFilters')}
        sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
      >
        <Button startIcon={<FilterListIcon />} variant="outlined" size="small" onClick={() => setOpen(true)}>
          {t('query.filter')}
        </Button>
        {!empty &&
          parsed.ok &&
          parsed.model.children.map((node, i) => {
            const text = label(node);
            return (
              <Chip
                key={`${i}-${text}`}
                size="small"
                label={parsed.model.join === 'or' && i > 0 ? `${t('query.or')} ${text}` : text}
                onDelete={() => controls.setWhere(toWhere(removeAt(parsed.model, [i])))}
                deleteIcon={
                  <CancelIcon
                    role="button"
                    aria-hidden={false}
                    aria-label={t('query.removeCondition', { label: text })}
                  />
                }
              />
            );
          })}
        {!empty && !parsed.ok && (
          <Chip size="small" label={t('query.customWhere')} onDelete={() => controls.setWhere({})} />
        )}
        {!empty && (
          <Button size="small" onClick={() => controls.setWhere({})}>
            {t('query.clearAll')}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        {actions}
      </Box>
      {open && (
        <QueryDialog
          className={className}
          query={query}
          fields={fields}
          onClose={() => setOpen(false)}
          onApply={(change) => {
            controls.change(change);
            setOpen(false);
          }}
        />
      )}
    </Box>
  );
});
