import { aclSchema } from '@switchboard/shared';
import type { Acl } from '@switchboard/shared';
import { AclEditor as SharedAclEditor } from '../../../components/acl/AclEditor';
import { ok } from '../editing/json-text';
import type { EditorProps } from './editor-types';

/**
 * The grid's ACL editor: the shared one, started from the cell's ACL. A missing (or null) ACL is
 * an object anyone may read and write, and the editor says so; a value that is not an ACL starts
 * from an empty one rather than be taken for "no ACL".
 */
export function AclEditor({ app, value, onChange }: EditorProps) {
  const stored = value === undefined || value === null ? undefined : aclSchema.safeParse(value);
  return (
    <SharedAclEditor
      app={app}
      value={stored === undefined ? undefined : stored.success ? stored.data : {}}
      onChange={(acl) => onChange(ok<Acl>(acl))}
    />
  );
}
