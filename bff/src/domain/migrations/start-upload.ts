import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MAX_MIGRATION_UPLOAD_BYTES } from '@switchboard/shared';
import type { Migration, MigrationUploadQuery } from '@switchboard/shared';
import { ConsoleError } from '../errors';
import { audit } from '../proxy/context';
import type { ProxyContext } from '../proxy/context';
import type { MigrationEnv } from './env';
import { refuseWhileRunning } from './get';
import { launch } from './runner';
import { insertRun, toMigration } from './store';
import { makeUploadDir, notAnExport, removeUpload, safeName } from './uploads';
import { guardZip } from './zip-guard';

const GIB = MAX_MIGRATION_UPLOAD_BYTES / 1024 ** 3;
const tooBig = () =>
  new ConsoleError(
    413,
    'bad_request',
    `The export is larger than ${GIB} GB, the most the console takes; use pnpm migrate for it.`,
  );

/** Passes bytes through, failing once more than `max` went by. */
function limit(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      done(seen > max ? tooBig() : null, chunk);
    },
  });
}

/**
 * The request body as a stream of its own: a refused upload then stops being read without the
 * request being destroyed (its socket still has the 413 to carry). A client that goes away
 * midway still fails the copy.
 */
function detached(body: Readable): { stream: Readable; release(): void } {
  const stream = new PassThrough();
  const cut = () => {
    if (!body.readableEnded) stream.destroy(new Error('The upload was interrupted.'));
  };
  body.once('close', cut);
  body.on('error', cut);
  body.pipe(stream);
  return {
    stream,
    release() {
      body.off('close', cut);
      body.unpipe(stream);
    },
  };
}

/**
 * Starts importing an uploaded export. The body streams to a file under the uploads folder (never
 * held in memory); the file is checked to look like an export before the run starts, and kept
 * until the run succeeds so an interrupted run can be resumed.
 */
export async function startUploadMigration(
  ctx: ProxyContext,
  query: MigrationUploadQuery,
  body: Readable,
  declaredBytes: number | undefined,
  env: MigrationEnv,
): Promise<Migration> {
  if (declaredBytes !== undefined && declaredBytes > MAX_MIGRATION_UPLOAD_BYTES) throw tooBig();
  await refuseWhileRunning(ctx);
  const id = randomUUID();
  const name = safeName(query.name);
  const dir = await makeUploadDir(env.uploads, id);
  const path = join(dir, name);
  const source = detached(body);
  try {
    const checks = [limit(MAX_MIGRATION_UPLOAD_BYTES)];
    if (name.toLowerCase().endsWith('.zip')) checks.push(guardZip(query.name));
    await pipeline([source.stream, ...checks, createWriteStream(path)]);
    const problem = await notAnExport(path, query.name);
    if (problem) throw new ConsoleError(400, 'bad_request', problem);
  } catch (e) {
    source.release();
    await removeUpload(env.uploads, id);
    if (e instanceof ConsoleError) throw e;
    throw new ConsoleError(400, 'bad_request', 'The upload was interrupted before the whole file arrived.');
  }
  const downloadFiles = query.downloadFiles === '1';
  const row = await insertRun(ctx.sql, {
    id,
    app: ctx.app.id,
    kind: 'files',
    source: query.name,
    source_config: { upload: name, name: query.name },
    source_key_sealed: null,
    download_files: downloadFiles,
    created_by: ctx.user.email,
  });
  await audit(ctx, {
    action: 'migration.start',
    summary: { id, kind: 'files', source: query.name, downloadFiles },
    result: 'ok',
    status: 200,
  });
  launch(ctx, row, env);
  return toMigration(row);
}
