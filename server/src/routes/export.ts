import type { FastifyInstance } from 'fastify';
import { LcCode } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import type { ApiRouter } from '../http/router';
import { requireMaster } from '../http/require-master';
import { EXPORT_LINK_TTL_MS } from '../services/export';
import type { ExportService } from '../services/export';
import { getExportTask, readExportChunk } from '../store/exports';

/** Doc 1 exportData (master key), and the download link it hands out. */
export function exportRoutes(router: ApiRouter, exports: ExportService): void {
  router.on('POST', '/1.1/exportData', async (req) => {
    requireMaster(req.auth, 'exportData');
    return { body: await exports.start(req.sql, req.body) };
  });
  router.on('GET', '/1.1/exportData/:id', async (req) => {
    requireMaster(req.auth, 'exportData');
    return { body: await exports.status(req.sql, req.params.id ?? '', req.baseUrl) };
  });
}

/**
 * The download is a plain link (a browser or curl can fetch it): the token in it, signed with
 * the master key and carrying its expiry, is the credential. The zip streams from the database
 * chunk by chunk.
 */
export function exportDownloadRoute(app: FastifyInstance, sql: Sql, exports: ExportService): void {
  app.get<{ Params: { id: string }; Querystring: { token?: string } }>(
    '/1.1/exportData/:id/download',
    async (req, reply) => {
      const { id } = req.params;
      const task = /^[0-9a-f]{24}$/.test(id) ? await getExportTask(sql, id) : undefined;
      const link = task ? exports.checkToken(id, req.query.token ?? '') : 'invalid';
      if (!task || link === 'invalid') {
        return reply
          .code(404)
          .send({ code: LcCode.NotFound, error: 'No such export, or the link is not valid.' });
      }
      if (link === 'expired') {
        return reply.code(403).send({
          code: LcCode.Forbidden,
          error: `This download link has expired: links work for ${EXPORT_LINK_TTL_MS / 60_000} minutes. GET /1.1/exportData/${id} with the master key gives a new one.`,
        });
      }
      if (task.status !== 'done') {
        return reply
          .code(409)
          .send({ code: LcCode.InvalidParameter, error: `The export is ${task.status}, not done.` });
      }
      reply.header('Content-Type', 'application/zip');
      reply.header('Content-Disposition', `attachment; filename="export-${id}.zip"`);
      async function* chunks() {
        for (let seq = 0; ; seq++) {
          const data = await readExportChunk(sql, id, seq);
          if (!data) return;
          yield Buffer.from(data);
        }
      }
      const { Readable } = await import('node:stream');
      return reply.send(Readable.from(chunks()));
    },
  );
}
