import { isPlainObject } from '@switchboard/shared';
import type { UpstreamClient } from '../../upstream/client';
import { ConsoleError } from '../errors';
import { sendUpstream } from '../upstream-call';

/**
 * The current state of some objects (by their GET path), read with one batch of GETs, for the
 * audit log's before and after. The ACL is asked for (`returnACL`): a get leaves it out otherwise,
 * and an ACL edit would show as a change of updatedAt alone. An object that cannot be read is
 * undefined; a failure to read never stops the write it documents.
 */
export async function snapshots(client: UpstreamClient, paths: string[]): Promise<unknown[]> {
  if (paths.length === 0) return [];
  try {
    const res = await sendUpstream(client, {
      method: 'POST',
      path: '/1.1/batch',
      query: {},
      body: { requests: paths.map((path) => ({ method: 'GET', path: `${path}?returnACL=true` })) },
    });
    if (!Array.isArray(res)) return paths.map(() => undefined);
    return paths.map((_, i) => {
      const item: unknown = res[i];
      const found = isPlainObject(item) && isPlainObject(item.success) ? item.success : undefined;
      return found && Object.keys(found).length > 0 ? found : undefined;
    });
  } catch (e) {
    if (e instanceof ConsoleError) return paths.map(() => undefined);
    throw e;
  }
}

export async function snapshot(client: UpstreamClient, path: string | undefined): Promise<unknown> {
  return path === undefined ? undefined : (await snapshots(client, [path]))[0];
}

/**
 * The merged answers of some GET paths (a class's schema and its permissions), for writes that
 * touch no object, flattened one level (`Memo.note`, `permissions.create`) so that the audit
 * log's before and after compare field by field and operation by operation rather than as one
 * blob. A path that cannot be read is left out; nothing read is undefined.
 */
export async function mergedSnapshot(client: UpstreamClient, paths: string[]): Promise<unknown> {
  const answers = await Promise.all(
    paths.map((path) =>
      sendUpstream(client, { method: 'GET', path, query: {} }).catch((e: unknown) => {
        if (e instanceof ConsoleError) return undefined;
        throw e;
      }),
    ),
  );
  const found = answers.filter(isPlainObject);
  if (found.length === 0) return undefined;
  const flat: Record<string, unknown> = {};
  for (const answer of found)
    for (const [key, value] of Object.entries(answer)) {
      if (!isPlainObject(value)) flat[key] = value;
      else for (const [sub, v] of Object.entries(value)) flat[`${key}.${sub}`] = v;
    }
  return flat;
}
