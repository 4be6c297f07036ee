import { isPlainObject, MAX_FILE_UPLOAD_BYTES } from '@switchboard/shared';
import type { AuditTarget, FileUploadQuery, UploadedFile } from '@switchboard/shared';
import { auditedCall } from '../audit-outcome';
import { ConsoleError } from '../errors';
import { entryOf } from '../proxy/context';
import type { ProxyContext } from '../proxy/context';
import { sendUpstream } from '../upstream-call';

/** How long the content may take to reach the app's file store. */
const PUT_TIMEOUT_MS = 120_000;

interface UploadTicket {
  objectId: string;
  token: string;
  uploadUrl: string;
  url: string;
  provider: string;
}

function ticketOf(body: unknown): UploadTicket {
  const b = isPlainObject(body) ? body : {};
  const text = (k: string) => (typeof b[k] === 'string' ? b[k] : '');
  const ticket = {
    objectId: text('objectId'),
    token: text('token'),
    uploadUrl: text('upload_url'),
    url: text('url'),
    provider: text('provider'),
  };
  if (!ticket.objectId || !ticket.token || !/^https?:\/\//.test(ticket.uploadUrl)) {
    throw new ConsoleError(
      502,
      'upstream_error',
      'The app answered a file upload request without an upload address.',
    );
  }
  return ticket;
}

/** Sends the content where the app said; the app's keys never go there. Returns why it failed. */
async function putContent(ticket: UploadTicket, bytes: Buffer, mime: string | undefined) {
  try {
    const res = await fetch(ticket.uploadUrl, {
      method: 'PUT',
      headers: mime ? { 'content-type': mime } : {},
      body: bytes,
      signal: AbortSignal.timeout(PUT_TIMEOUT_MS),
    });
    await res.arrayBuffer();
    return res.ok ? undefined : `the file store answered HTTP ${res.status}`;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

const report = (ctx: ProxyContext, token: string, result: boolean) =>
  sendUpstream(ctx.client, { method: 'POST', path: '/1.1/fileCallback', query: {}, body: { token, result } });

/**
 * Stores a file in the app as its SDKs do (Doc 1 has no REST upload): POST /1.1/fileTokens makes
 * the record and an upload address, the content is PUT there, and /1.1/fileCallback confirms it,
 * or deletes the record when the content did not arrive. Only stores taking a plain PUT (our
 * server; "s3" in LeanCloud's terms) are supported. `also` adds to the audit target what the
 * file is for (the conversation a message image goes to).
 */
export async function uploadFile(
  ctx: ProxyContext,
  query: FileUploadQuery,
  bytes: Buffer,
  contentType: string | undefined,
  also: AuditTarget = {},
): Promise<UploadedFile> {
  const mime = contentType?.split(';')[0]?.trim().toLowerCase();
  // A browser sends octet-stream for types it does not know: the app then guesses from the name.
  const named = mime && mime !== 'application/octet-stream' ? mime : undefined;
  const summary = { name: query.name, size: bytes.length, mime: named ?? null };
  const entry = entryOf(ctx, { action: 'file.upload', target: { class: '_File', ...also }, summary });
  const ticket = await auditedCall(
    ctx.sql,
    entry,
    () => store(ctx, query, bytes, named),
    (t) => ({ target: { class: '_File', objectId: t.objectId, ...also } }),
  );
  return {
    __type: 'File',
    id: ticket.objectId,
    objectId: ticket.objectId,
    name: query.name,
    url: ticket.url,
  };
}

/** The three steps of an upload; the ticket of the stored file. */
async function store(
  ctx: ProxyContext,
  query: FileUploadQuery,
  bytes: Buffer,
  named: string | undefined,
): Promise<UploadTicket> {
  const ticket = ticketOf(
    await sendUpstream(ctx.client, {
      method: 'POST',
      path: '/1.1/fileTokens',
      query: {},
      body: { name: query.name, ...(named ? { mime_type: named } : {}), metaData: { size: bytes.length } },
    }),
  );
  const failure =
    ticket.provider === 's3'
      ? await putContent(ticket, bytes, named)
      : `the app stores files with "${ticket.provider}", to which the console cannot upload`;
  if (failure) {
    await report(ctx, ticket.token, false).catch(() => undefined);
    throw new ConsoleError(502, 'upstream_error', `The file could not be stored: ${failure}.`);
  }
  await report(ctx, ticket.token, true);
  return ticket;
}

export const FILE_TOO_BIG = `The file is larger than ${MAX_FILE_UPLOAD_BYTES / 1024 / 1024} MB, the most the console uploads.`;
