import { consoleRoutes, migrationUploadQuerySchema, startLiveMigrationBodySchema } from '@switchboard/shared';
import { Router } from 'express';
import type { MigrationEnv } from '../../domain/migrations';
import {
  cancelMigration,
  discardMigrationUpload,
  getMigration,
  listMigrations,
  resumeMigration,
  startLiveMigration,
  startUploadMigration,
} from '../../domain/migrations';
import { ConsoleError } from '../../domain/errors';
import type { AppAccess } from '../app-access';
import { parseBody, singleQuery } from '../errors';

const PERMISSION = 'migrate.run';

/** The migration wizard: uploads, live copies, their progress, cancel, resume and discarding an upload. */
export function migrationRoutes(access: AppAccess, env: MigrationEnv): Router {
  const r = Router();
  const id = (v: unknown) => String(v);

  r.get(consoleRoutes.listMigrations.path, async (req, res) => {
    const ctx = await access(req, PERMISSION);
    res.json({ migrations: await listMigrations(ctx) });
  });

  r.post(consoleRoutes.startLiveMigration.path, async (req, res) => {
    const ctx = await access(req, PERMISSION);
    const body = parseBody(startLiveMigrationBodySchema, req.body);
    res.json({ migration: await startLiveMigration(ctx, body, env) });
  });

  r.post(consoleRoutes.uploadMigration.path, async (req, res) => {
    const ctx = await access(req, PERMISSION);
    const query = parseBody(migrationUploadQuerySchema, singleQuery(req));
    // A JSON body was already read by the JSON parser; the export is sent as the raw body.
    if (req.is('json'))
      throw new ConsoleError(
        415,
        'bad_request',
        'Send the export file itself as the request body, as application/octet-stream.',
      );
    const length = req.headers['content-length'];
    const declared = length === undefined ? undefined : Number(length);
    res.json({ migration: await startUploadMigration(ctx, query, req, declared, env) });
  });

  r.get(consoleRoutes.getMigration.path, async (req, res) => {
    const ctx = await access(req, PERMISSION);
    res.json({ migration: await getMigration(ctx, id(req.params.id)) });
  });

  r.post(consoleRoutes.cancelMigration.path, async (req, res) => {
    const ctx = await access(req, PERMISSION);
    res.json({ migration: await cancelMigration(ctx, id(req.params.id)) });
  });

  r.post(consoleRoutes.resumeMigration.path, async (req, res) => {
    const ctx = await access(req, PERMISSION);
    res.json({ migration: await resumeMigration(ctx, id(req.params.id), env) });
  });

  r.delete(consoleRoutes.discardMigrationUpload.path, async (req, res) => {
    const ctx = await access(req, PERMISSION);
    res.json({ migration: await discardMigrationUpload(ctx, id(req.params.id), env.uploads) });
  });

  return r;
}
