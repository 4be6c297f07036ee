import type { ComponentType } from 'react';
import type { FieldType } from '@switchboard/shared';
import { AclEditor } from './AclEditor';
import { DateEditor } from './DateEditor';
import { FileEditor } from './FileEditor';
import type { EditorProps } from './editor-types';
import { GeoPointEditor } from './GeoPointEditor';
import { PointerEditor } from './PointerEditor';
import { BooleanEditor, BytesEditor, JsonEditor, NumberEditor, StringEditor } from './TextEditors';

const EDITORS: Partial<Record<FieldType, ComponentType<EditorProps>>> = {
  String: StringEditor,
  Number: NumberEditor,
  Boolean: BooleanEditor,
  Date: DateEditor,
  Bytes: BytesEditor,
  Pointer: PointerEditor,
  File: FileEditor,
  GeoPoint: GeoPointEditor,
  ACL: AclEditor,
};

/** The editor for a column's type; JSON for Array, Object and fields of no known type. */
export function ValueEditor(props: EditorProps) {
  const Editor = (props.column.type && EDITORS[props.column.type]) ?? JsonEditor;
  return <Editor {...props} />;
}
