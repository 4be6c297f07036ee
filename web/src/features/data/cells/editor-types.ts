import type { GridColumn } from '../utils/columns';
import type { Parsed } from '../editing/json-text';

/** Every type's editor: it shows `value` and reports what its input parses to on each change. */
export interface EditorProps {
  app: string;
  column: GridColumn;
  value: unknown;
  onChange: (result: Parsed<unknown>) => void;
  /** Empty input means "not set" (a new object's field) rather than an error. */
  optional?: boolean | undefined;
}
