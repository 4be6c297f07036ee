import type { SavedView, UpdateViewBody } from '@switchboard/shared';

/**
 * What an edit of a saved view changes: only the fields that differ, so saving an untouched view is
 * not offered and the audit log shows what really changed. `query` is the new query, if replaced.
 */
export function viewChanges(
  view: Pick<SavedView, 'name' | 'shared' | 'query'>,
  edit: { name: string; shared: boolean; query?: string | undefined },
): UpdateViewBody {
  const out: UpdateViewBody = {};
  const name = edit.name.trim();
  if (name !== view.name) out.name = name;
  if (edit.shared !== view.shared) out.shared = edit.shared;
  if (edit.query !== undefined && edit.query !== view.query) out.query = edit.query;
  return out;
}
