import type { ReportedField, StoredObject } from '@switchboard/shared';
import { fakeLayoutInThisFile } from '../../../test/layout';
import { buildColumns } from '../utils/columns';

/**
 * A viewport wide enough that the grid's column virtualizer renders every column of a test
 * class, so a test can address cells by column index. Call at the top of a test file.
 */
export function wideGridLayoutInThisFile(): void {
  fakeLayoutInThisFile(4000, 600);
}

/**
 * What every grid test renders from: the class Product of the app `default`, with the columns
 * the data browser builds for `fields` and `rows`, starting at `rowOffset` of the class.
 */
export function productGridProps(fields: Record<string, ReportedField>, rows: StoredObject[], rowOffset = 0) {
  return { app: 'default', className: 'Product', columns: buildColumns(fields, rows), rows, rowOffset };
}
