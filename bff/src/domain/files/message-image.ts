import type { MessageImageQuery, UploadedFile } from '@switchboard/shared';
import { auditedCall } from '../audit-outcome';
import { ConsoleError, notFound } from '../errors';
import { entryOf } from '../proxy/context';
import type { ProxyContext } from '../proxy/context';
import { sendUpstream } from '../upstream-call';
import { imageTypeOf } from './image-type';
import { uploadFile } from './upload-file';

export const NOT_AN_IMAGE =
  'Only a PNG, JPEG, GIF, WebP or AVIF image can be sent as a message image; this file is none of them.';

/**
 * An image for a message, stored as any console upload. The roles that send messages need not
 * hold files.write, so this path takes images alone, judged by their bytes (not by what the
 * browser calls them), and stores them with the type the bytes show.
 */
export async function uploadMessageImage(
  ctx: ProxyContext,
  query: MessageImageQuery,
  bytes: Buffer,
): Promise<UploadedFile> {
  const type = imageTypeOf(bytes);
  if (!type) throw new ConsoleError(415, 'bad_request', NOT_AN_IMAGE);
  const { conversation, ...file } = query;
  return uploadFile(ctx, file, bytes, type, conversation ? { conversation } : {});
}

export const NOT_YOUR_UPLOAD =
  'Only an image you uploaded in this app in the last day can be taken back; this one is not such an image.';

/**
 * Deletes an image uploaded for a message that was not sent. The audit log is the proof of
 * ownership: its uploader, through this console, in this app, within a day. Anything else is a
 * 404, so the route tells nothing of files it does not hand back.
 */
export async function withdrawMessageImage(ctx: ProxyContext, objectId: string): Promise<void> {
  const [own] = await ctx.sql.query(
    `SELECT 1 FROM audit_log
      WHERE action = 'file.upload' AND result = 'ok' AND app = $1 AND actor_id = $2
        AND target->>'objectId' = $3 AND at > now() - interval '1 day'
      LIMIT 1`,
    [ctx.app.id, ctx.user.id, objectId],
  );
  if (!own) throw notFound(NOT_YOUR_UPLOAD);
  const target = { class: '_File', objectId };
  const entry = entryOf(ctx, {
    action: 'file.withdraw',
    target,
    summary: { reason: 'message image not sent' },
  });
  await auditedCall(ctx.sql, entry, () =>
    sendUpstream(ctx.client, {
      method: 'DELETE',
      path: `/1.1/files/${encodeURIComponent(objectId)}`,
      query: {},
      body: undefined,
    }),
  );
}
