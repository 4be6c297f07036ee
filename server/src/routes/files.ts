import type { ApiRouter } from '../http/router';
import type { FileApi } from '../services/files/file-api';
import type { UploadService } from '../services/files/uploads';
import { mountClass } from './objects';

/**
 * Doc 1 Files: /1.1/files[/<id>] and censor; and the SDK's upload flow, /1.1/fileTokens and
 * /1.1/fileCallback (the bytes themselves go to routes/file-content.ts).
 */
export function fileRoutes(router: ApiRouter, files: FileApi, uploads: UploadService): void {
  mountClass(router, '/1.1/files', () => files);
  router.on('POST', '/1.1/files/:objectId/censor', (req) => files.censor(req, req.params.objectId ?? ''));
  router.on('POST', '/1.1/fileTokens', (req) => uploads.issue(req));
  router.on('POST', '/1.1/fileCallback', (req) => uploads.callback(req));
}
