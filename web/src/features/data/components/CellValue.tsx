import Chip from '@mui/material/Chip';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FieldType } from '@switchboard/shared';
import { paths } from '../../../lib/paths';
import { formatCell } from '../utils/format';

export interface CellValueProps {
  app: string;
  value: unknown;
  columnType?: FieldType | undefined;
}

/** One grid cell's content. Tooltips use `title`: hundreds of cells cannot each carry a popper. */
export function CellValue({ app, value, columnType }: CellValueProps) {
  const { t } = useTranslation();
  const view = formatCell(value, columnType);
  switch (view.kind) {
    case 'missing':
      return null;
    case 'null':
      return <Chip label="null" size="small" variant="outlined" className="cell-null" />;
    case 'string':
      return <span title={view.full}>{view.text}</span>;
    case 'number':
      return <span className="cell-number">{view.text}</span>;
    case 'boolean':
      return <span className="cell-code">{view.text}</span>;
    case 'date':
      return <span title={t('data.utc', { value: view.utc })}>{view.local}</span>;
    case 'pointer':
      return (
        <Chip
          component={RouterLink}
          to={paths.dataClass(app, view.className, { objectId: view.objectId })}
          clickable
          size="small"
          color="primary"
          variant="outlined"
          label={`${view.className} ${view.objectId}`}
          title={t('data.openPointer', { className: view.className, objectId: view.objectId })}
        />
      );
    case 'file':
      return (
        <span className="cell-code" title={view.name}>
          {view.id}
        </span>
      );
    case 'geopoint':
      return <span className="cell-code">{view.text}</span>;
    case 'bytes':
      return <span>{t('data.bytes', { count: view.size })}</span>;
    case 'relation':
      return <span>{t('data.relation', { className: view.className })}</span>;
    case 'json':
      return (
        <span className="cell-code" title={view.full}>
          {view.text}
        </span>
      );
  }
}
