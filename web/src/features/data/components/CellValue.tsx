import IconButton from '@mui/material/IconButton';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import { Link as RouterLink } from 'react-router';
import type { TFunction } from 'i18next';
import { messageTemplate } from '../../../lib/i18n/template';
import { paths } from '../../../lib/paths';
import { filePreviewUrl } from '../../../lib/api/files';
import type { CellView } from '../utils/format';

/**
 * What every cell formats with, read once by the grid: a cell calling useTranslation and
 * useTimeZone itself subscribes and unsubscribes per cell, and scrolling mounts hundreds of
 * cells a second.
 */
export interface CellFormat {
  t: TFunction;
  timeZone: string;
  /** Words repeated in every row, translated once (lib/i18n/template.ts). */
  labels: GridLabels;
}

export interface GridLabels {
  utc: (values: { value: string }) => string;
  openPointer: (values: { className: string; objectId: string }) => string;
  selectRow: (values: { objectId: string }) => string;
  noAcl: string;
  aclPublic: string;
  aclMasterOnly: string;
}

export const gridLabels = (t: TFunction): GridLabels => ({
  utc: messageTemplate(['value'], (v) => t('data.utc', v)),
  openPointer: messageTemplate(['className', 'objectId'], (v) => t('data.openPointer', v)),
  selectRow: messageTemplate(['objectId'], (v) => t('edit.selectRow', v)),
  noAcl: t('data.noAcl'),
  aclPublic: t('data.aclPublic'),
  aclMasterOnly: t('data.aclMasterOnly'),
});

export interface CellValueProps {
  app: string;
  format: CellFormat;
  /** The value as formatCell shows it (the row needs it too, to decide whether to clip the cell). */
  view: CellView;
  /** Opens the dialog of related objects; without it a relation is only named. */
  onOpenRelation?: (() => void) | undefined;
  /** Opens the whole value of a cut one. */
  onView?: (() => void) | undefined;
}

/** A grid link to one object: the class page filtered to it. */
export const objectLink = (app: string, className: string, objectId: string) =>
  paths.dataClass(app, className, { where: JSON.stringify({ objectId }) });

function ViewButton({ onView, t }: { onView: (() => void) | undefined; t: TFunction }) {
  if (!onView) return null;
  return (
    <IconButton size="small" className="cell-more" aria-label={t('edit.viewFull')} onClick={onView}>
      <MoreHorizIcon fontSize="inherit" />
    </IconButton>
  );
}

/** One grid cell's content. Tooltips use `title`: hundreds of cells cannot each carry a popper. */
export function CellValue({ app, format, view, onOpenRelation, onView }: CellValueProps) {
  const { t, labels } = format;
  switch (view.kind) {
    case 'missing':
      return null;
    case 'null':
      return <span className="cell-null">null</span>;
    case 'string':
      return (
        <>
          <span title={view.full}>{view.text}</span>
          {view.full !== undefined && <ViewButton onView={onView} t={t} />}
        </>
      );
    case 'number':
      return <span className="cell-number">{view.text}</span>;
    case 'boolean':
      return <span className="cell-code">{view.text}</span>;
    case 'date':
      return <span title={labels.utc({ value: view.utc })}>{view.local}</span>;
    case 'pointer': {
      // The pill is the value, so a double click on it edits like any cell; only the arrow beside
      // it navigates. Styled elements, not a Chip: scrolling mounts a pointer cell per row, and a
      // Chip brings a ripple, refs and generated styles with each.
      const open = labels.openPointer(view);
      return (
        <>
          <span className="cell-pill cell-ref">{`${view.className} ${view.objectId}`}</span>
          <RouterLink
            to={objectLink(app, view.className, view.objectId)}
            className="cell-open"
            aria-label={open}
            title={open}
          >
            ↗
          </RouterLink>
        </>
      );
    }
    case 'file':
      if (!view.url)
        return (
          <span className="cell-code" title={view.name}>
            {view.id}
          </span>
        );
      return (
        <a
          href={view.url}
          target="_blank"
          rel="noreferrer noopener"
          className="cell-file"
          title={view.name ?? view.id}
        >
          {view.image && (
            <img
              src={filePreviewUrl(app, view.id)}
              alt=""
              loading="lazy"
              className="cell-thumb"
              // A file its host no longer serves keeps its name, without a broken-image icon.
              onError={(e) => {
                e.currentTarget.hidden = true;
              }}
            />
          )}
          <span>{view.name ?? view.id}</span>
        </a>
      );
    case 'geopoint':
      return <span className="cell-code">{view.text}</span>;
    case 'aclNote': {
      const text = { none: labels.noAcl, public: labels.aclPublic, masterOnly: labels.aclMasterOnly }[
        view.note
      ];
      return (
        <span className={view.note === 'masterOnly' ? 'cell-null' : 'cell-warn'} title={text}>
          {text}
        </span>
      );
    }
    case 'bytes':
      return <span>{t('data.bytes', { count: view.size })}</span>;
    case 'relation':
      return onOpenRelation ? (
        <button type="button" className="cell-pill" onClick={onOpenRelation}>
          {t('edit.relationButton', { className: view.className })}
        </button>
      ) : (
        <span>{t('data.relation', { className: view.className })}</span>
      );
    case 'json':
      return (
        <>
          <span className="cell-code" title={view.full}>
            {view.text}
          </span>
          {view.full !== undefined && <ViewButton onView={onView} t={t} />}
        </>
      );
  }
}
