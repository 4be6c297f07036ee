import { isoOfTimestamptz } from '../store/object-text';
import type { ObjectText } from '../store/object-text';

/** What an object saved without an ACL grants, spelled out (format.ts). */
const DEFAULT_ACL_TEXT = '{"*": {"read": true, "write": true}}';

/**
 * A stored row as the API returns it (format.ts `toApi`: fields, then ACL when asked for,
 * createdAt, updatedAt, objectId), spliced from the database's texts: the stored JSON is the
 * answer's JSON, so nothing is parsed or serialized again.
 */
export function toApiText(t: ObjectText, withAcl: boolean): string {
  const data = t.data_text;
  const fields = data.length > 2 ? `${data.slice(0, -1)}, ` : '{';
  const acl = withAcl ? `"ACL": ${t.acl_text ?? DEFAULT_ACL_TEXT}, ` : '';
  return `${fields}${acl}"createdAt": "${isoOfTimestamptz(t.created_text)}", "updatedAt": "${isoOfTimestamptz(t.updated_text)}", "objectId": ${JSON.stringify(t.id)}}`;
}

/**
 * Whether a stored object holds a File value, which answers expand with the file's record
 * (files/expand.ts). The database writes `"key": value` with this spacing; a string that merely
 * contains the words is escaped and does not match, and a false match only costs the slower path.
 */
export const holdsFileValue = (t: ObjectText) => t.data_text.includes('"__type": "File"');
