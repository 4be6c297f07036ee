import { basename } from 'node:path';

/** What one export file holds, by its name. */
export type ExportFile =
  | { kind: 'schema'; path: string }
  | { kind: 'class'; path: string; className: string }
  | { kind: 'relation'; path: string; ownerClass: string; field: string }
  | { kind: 'ignored'; path: string; reason: string };

const CLASS_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,59}$/;
const FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;
const DATA_EXT = /\.(jsonl|ndjson|json|csv)$/i;

/**
 * Names follow LeanCloud's export: one file per class named after it (`Post.jsonl`, `_User.json`,
 * `Post.csv`; a suffix after a dot, as in `Post.0.jsonl`, is a part of the same class), relation
 * members in `_Join:<field>:<OwnerClass>` files (the collection names of LeanCloud's Parse-derived
 * MongoDB backups; rows `{owningId, relatedId}` as in its import guide), and the schema, when
 * present, in `_Schema.json` or `schema.json`.
 */
export function classify(path: string): ExportFile {
  const name = basename(path);
  if (!DATA_EXT.test(name)) return { kind: 'ignored', path, reason: 'not a .jsonl, .json or .csv file' };
  const stem = name.replace(DATA_EXT, '');
  if (/^_?schema$/i.test(stem)) return { kind: 'schema', path };
  const join = /^_Join[:_](.+?)[:_]([A-Za-z_][A-Za-z0-9_]*)$/.exec(stem.split('.')[0] ?? '');
  if (stem.startsWith('_Join')) {
    if (join?.[1] && join[2] && FIELD.test(join[1]) && CLASS_NAME.test(join[2]))
      return { kind: 'relation', path, field: join[1], ownerClass: join[2] };
    return { kind: 'ignored', path, reason: 'a relation file is named _Join:<field>:<OwnerClass>' };
  }
  const className = stem.split('.')[0] ?? '';
  if (!CLASS_NAME.test(className)) return { kind: 'ignored', path, reason: 'not a class name' };
  return { kind: 'class', path, className };
}

/** Built-in classes first, so pointers and relations to users and roles find them early. */
const FIRST = ['_User', '_Role', '_File', '_Installation', '_Conversation'];

export function importOrder(classNames: Iterable<string>): string[] {
  const rank = (c: string) => (FIRST.includes(c) ? FIRST.indexOf(c) : FIRST.length);
  return [...new Set(classNames)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
