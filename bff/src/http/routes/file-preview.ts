import { addressPolicy, GuardedClient } from '@switchboard/outbound';
import { consoleRoutes, filePreviewParamsSchema } from '@switchboard/shared';
import { Router } from 'express';
import { filePreview } from '../../domain/files/preview';
import type { AppAccess } from '../app-access';
import { parseBody } from '../errors';

const route = consoleRoutes.filePreview;

/**
 * Sent with every preview: the image is never a document that runs or embeds anything, is never
 * sniffed as another type, and is kept by the browser for a while (thumbnails repeat as the grid
 * scrolls) but by no shared cache.
 */
const PREVIEW_HEADERS = new Map<string, string>([
  ['Content-Security-Policy', "default-src 'none'; sandbox"],
  ['X-Content-Type-Options', 'nosniff'],
  ['Cache-Control', 'private, max-age=600'],
  ['Content-Disposition', 'inline; filename="preview"'],
]);

/** Thumbnails of the app's files, fetched by the console (see shared file-preview.ts). */
export function filePreviewRoutes(access: AppAccess, outbound: GuardedClient): Router {
  const r = Router();
  // The app's own server is configured, not named by a user: it may be on this machine.
  const clients = { outbound, upstreamFiles: new GuardedClient(addressPolicy(true)) };

  r.get(route.path, async (req, res) => {
    const ctx = await access(req, 'files.read');
    const { id } = parseBody(filePreviewParamsSchema, { id: req.params.id });
    const preview = await filePreview(ctx, id, clients);
    res.setHeaders(PREVIEW_HEADERS);
    res.setHeader('Content-Type', preview.type);
    res.setHeader('Content-Length', String(preview.bytes.length));
    res.end(preview.bytes);
  });

  return r;
}
