import { isPlainObject, LcCode } from '@switchboard/shared';
import { badRequest, invalidJson } from '../../http/errors';
import { mimeOf } from './mime';

/** Fields the server sets on stored files: they tie the record to its content on disk. */
const SERVER_FIELDS = ['key', 'provider', 'bucket'];

function invalid(message: string): never {
  throw badRequest(LcCode.InvalidParameter, message);
}

function httpUrl(v: unknown): string {
  if (v === undefined || v === null)
    invalid('A file record needs "url", the http(s) address of the file (uploads use the SDK).');
  let u: URL | undefined;
  try {
    u = typeof v === 'string' ? new URL(v) : undefined;
  } catch {
    u = undefined;
  }
  if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:'))
    invalid('The "url" of a file record must be an http or https address.');
  return v as string;
}

/** The last path segment of a url ("https://x/a/b.png?v=1" -> "b.png"), as a default name. */
function nameFromUrl(url: string): string {
  const last = new URL(url).pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last) || 'file';
  } catch {
    return last || 'file';
  }
}

/**
 * The stored fields of an external file (POST /1.1/files, Doc 1 Files: `{url, name, mime_type}`),
 * plus `metaData` and `ACL` as the SDK's AV.File.withURL sends them. Other fields, `key` among
 * them, are not taken: a record made here must not claim content stored for another one.
 */
export function externalFileBody(body: unknown): Record<string, unknown> {
  if (!isPlainObject(body)) throw invalidJson();
  const url = httpUrl(body.url);
  const name = body.name ?? nameFromUrl(url);
  if (typeof name !== 'string' || name === '') invalid('The "name" of a file must be a non-empty string.');
  // The SDK's withURL save sends no mime_type; infer it like an upload does.
  const mime = body.mime_type ?? mimeOf(name);
  if (typeof mime !== 'string') invalid('"mime_type" must be a string such as "image/png".');
  const metaData = body.metaData ?? {};
  if (!isPlainObject(metaData)) invalid('"metaData" must be a JSON object.');
  const out: Record<string, unknown> = { url, name, mime_type: mime, metaData };
  if (body.ACL !== undefined) out.ACL = body.ACL;
  return out;
}

/**
 * Refuses changes that would detach a record from its content: key, provider and bucket, and the
 * url of a stored file (it is computed). `censor` holds the moderation state that
 * POST /1.1/files/<id>/censor starts; only the master key may record a decision in it.
 */
export function checkFileUpdate(
  body: Record<string, unknown>,
  current: Record<string, unknown>,
  master: boolean,
) {
  for (const field of SERVER_FIELDS) {
    if (field in body)
      throw badRequest(LcCode.ReadOnlyField, `The "${field}" of a file record cannot change.`);
  }
  if ('url' in body && typeof current.key === 'string')
    throw badRequest(LcCode.ReadOnlyField, 'The url of a stored file is generated and cannot be set.');
  if ('url' in body && body.url !== undefined) httpUrl(body.url);
  if ('censor' in body && !master)
    throw badRequest(LcCode.OperationForbidden, 'Only the master key can record a moderation decision.');
}
