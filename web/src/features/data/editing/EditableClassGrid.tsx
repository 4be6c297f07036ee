import { useMemo, useState } from 'react';
import Snackbar from '@mui/material/Snackbar';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StoredObject } from '@switchboard/shared';
import { BulkDialog } from '../bulk/BulkDialog';
import type { BulkAction } from '../bulk/BulkDialog';
import { runBulk } from '../bulk/engine';
import { AddRowDialog } from '../cells/AddRowDialog';
import { CellEditorDialog } from '../cells/CellEditorDialog';
import type { CellEdit } from '../cells/CellEditorDialog';
import { ConflictDialog } from '../cells/ConflictDialog';
import { EditToolbar } from '../cells/EditToolbar';
import type { GridSort } from '../cells/GridHeaderCell';
import { PendingBar } from '../cells/PendingBar';
import { RelationDialog } from '../cells/RelationDialog';
import { SaveFailures } from '../cells/SaveFailures';
import { ValueViewerDialog } from '../cells/ValueViewerDialog';
import { ObjectGrid } from '../components/ObjectGrid';
import type { ObjectGridProps } from '../components/ObjectGrid';
import type { GridColumn } from '../utils/columns';
import { sendBatch } from './api';
import { refreshClass } from './cache';
import { isEditableColumn, isReadOnlyField, parseForColumn } from './codec';
import { useParseErrorMessage } from '../cells/ParseErrorText';
import { cellKey } from './queue';
import type { RowFailure } from './queue';
import { cloneBody, createRequest } from './rows';
import { useEditSession } from './use-edit-session';

export interface EditableClassGridProps {
  app: string;
  className: string;
  columns: readonly GridColumn[];
  rows: readonly StoredObject[];
  rowOffset: number;
  total?: number | undefined;
  /** Without data.write the grid stays read-only and no edit control shows. */
  canWrite: boolean;
  /** The current filter, for bulk actions on "everything matching". */
  where: Record<string, unknown>;
  sort?: readonly GridSort[] | undefined;
  onSortChange?: ((field: string, additive: boolean) => void) | undefined;
  /** For the grid scrolling through the whole result block by block (rows then holds those loaded). */
  scroll?: Pick<ObjectGridProps, 'rowCount' | 'rowAt' | 'onRangeChange'> | undefined;
}

type Open =
  | { kind: 'cell'; edit: CellEdit; row: StoredObject }
  | { kind: 'view'; row: StoredObject; column: GridColumn }
  | { kind: 'relation'; row: StoredObject; column: GridColumn }
  | { kind: 'add' }
  | { kind: 'bulk'; action?: BulkAction };

/** The class's grid with editing: cell editors, the edit queue, conflicts, rows and bulk actions. */
export function EditableClassGrid(props: EditableClassGridProps) {
  const { app, className, columns, rows, canWrite } = props;
  const { t } = useTranslation();
  const errorMessage = useParseErrorMessage();
  const queryClient = useQueryClient();
  const session = useEditSession(app, className);
  const [selection, setSelection] = useState<Set<string>>(new Set());
  const [open, setOpen] = useState<Open>();
  const [notice, setNotice] = useState<string>();
  const [cloneFailures, setCloneFailures] = useState<RowFailure[]>([]);
  const pendingValues = useMemo(
    () => new Map(session.pending.map((e) => [cellKey(e.objectId, e.field), e.value])),
    [session.pending],
  );
  const close = () => setOpen(undefined);

  const submit = (row: StoredObject, column: GridColumn, value: unknown) => {
    session.submit({
      objectId: row.objectId,
      field: column.key,
      value,
      original: row[column.key],
      updatedAt: row.updatedAt,
    });
  };

  const editCell = (row: StoredObject, column: GridColumn) => {
    if (!canWrite) return;
    if (column.type === 'Relation') return setOpen({ kind: 'relation', row, column });
    if (!isEditableColumn(column)) return setNotice(t('edit.readOnlyField', { field: column.key }));
    const key = cellKey(row.objectId, column.key);
    const value = pendingValues.has(key) ? pendingValues.get(key) : row[column.key];
    setOpen({ kind: 'cell', edit: { objectId: row.objectId, column, value }, row });
  };

  const paste = (row: StoredObject, column: GridColumn, text: string) => {
    if (!canWrite) return;
    if (isReadOnlyField(column.key)) return setNotice(t('edit.readOnlyField', { field: column.key }));
    const parsed = parseForColumn(text, column.type, column.className);
    if (!parsed.ok)
      return setNotice(t('edit.pasteRefused', { field: column.key, reason: errorMessage(parsed.error) }));
    // A pasted pointer opens in its editor, which checks that the target exists before saving.
    if (column.type === 'Pointer' && parsed.value !== null)
      return setOpen({ kind: 'cell', edit: { objectId: row.objectId, column, value: parsed.value }, row });
    submit(row, column, parsed.value);
  };

  const clone = async () => {
    const byId = new Map(rows.map((r) => [r.objectId, r]));
    const ids = [...selection].filter((id) => byId.has(id));
    const result = await runBulk({
      ids,
      request: (id) => createRequest(className, cloneBody(byId.get(id)!)),
      send: (requests) => sendBatch(app, requests),
    });
    setCloneFailures(result.failures.map((f) => ({ objectId: f.objectId, code: 0, error: f.error })));
    void refreshClass(queryClient, app, className);
  };

  const conflict = session.conflict;
  return (
    <>
      {canWrite && (
        <EditToolbar
          selected={selection.size}
          review={session.review}
          busy={session.busy}
          onReviewChange={session.setReview}
          onAdd={() => setOpen({ kind: 'add' })}
          onClone={() => void clone()}
          onDelete={() => setOpen({ kind: 'bulk', action: 'delete' })}
          onBulk={() => setOpen({ kind: 'bulk' })}
        />
      )}
      <PendingBar
        pending={session.pending}
        busy={session.busy}
        onSave={() => void session.saveAll()}
        onDiscard={session.discard}
      />
      <SaveFailures
        failures={[...session.failures, ...cloneFailures]}
        onClose={() => (session.clearFailures(), setCloneFailures([]))}
      />
      <ObjectGrid
        app={app}
        className={className}
        columns={columns}
        rows={rows}
        rowOffset={props.rowOffset}
        total={props.total}
        {...props.scroll}
        sort={props.sort}
        onSortChange={props.onSortChange}
        selection={canWrite ? selection : undefined}
        onSelectionChange={setSelection}
        pendingValues={pendingValues}
        onEditCell={canWrite ? editCell : undefined}
        onPasteCell={canWrite ? paste : undefined}
        onOpenRelation={(row, column) => setOpen({ kind: 'relation', row, column })}
        onViewValue={(row, column) => setOpen({ kind: 'view', row, column })}
      />
      {open?.kind === 'cell' && (
        <CellEditorDialog
          app={app}
          edit={open.edit}
          onClose={close}
          onSave={(value) => {
            submit(open.row, open.edit.column, value);
            close();
          }}
        />
      )}
      {open?.kind === 'view' && (
        <ValueViewerDialog
          field={open.column.key}
          objectId={open.row.objectId}
          value={pendingValues.get(cellKey(open.row.objectId, open.column.key)) ?? open.row[open.column.key]}
          onClose={close}
        />
      )}
      {open?.kind === 'relation' && (
        <RelationDialog
          app={app}
          className={className}
          objectId={open.row.objectId}
          field={open.column.key}
          targetClass={open.column.className ?? ''}
          readOnly={!canWrite}
          onClose={close}
        />
      )}
      {open?.kind === 'add' && (
        <AddRowDialog app={app} className={className} columns={columns} onClose={close} />
      )}
      {open?.kind === 'bulk' && (
        <BulkDialog
          app={app}
          className={className}
          columns={columns}
          selection={[...selection]}
          where={props.where}
          action={open.action}
          onClose={() => {
            close();
            setSelection(new Set());
          }}
        />
      )}
      {conflict && (
        <ConflictDialog
          objectId={conflict.objectId}
          rows={conflict.rows}
          busy={session.busy}
          onOverwrite={() => session.resolveConflict('overwrite')}
          onKeepTheirs={() => session.resolveConflict('theirs')}
          onCancel={() => session.resolveConflict('cancel')}
        />
      )}
      <Snackbar
        open={notice !== undefined}
        autoHideDuration={6000}
        onClose={() => setNotice(undefined)}
        message={notice}
      />
    </>
  );
}
