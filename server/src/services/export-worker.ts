import { randomUUID } from 'node:crypto';
import { Zip, ZipDeflate } from 'fflate';
import type { Sql } from '@switchboard/shared/sql';
import type { Clock } from '../lib/clock';
import type { ClassRegistry } from '../store/classes';
import { claimExportTask, clearExportChunks, finishExportTask, writeExportChunk } from '../store/exports';
import type { ExportTask } from '../store/exports';
import { pageById } from '../store/export-rows';
import { toApi } from './format';
import { BUILTIN_FIELDS } from './schema';

const CHUNK_BYTES = 1 << 20;
const PAGE_ROWS = 1000;
/** A task claimed longer ago than this is taken over (its worker died). */
const STALE_CLAIM_MS = 5 * 60_000;

/**
 * Runs export tasks in the background: a zip with schema.json and one JSON-lines file per class
 * (objects as the API returns them, ACL included), stored in chunks in the database so any
 * server process can serve the download.
 */
export class ExportWorker {
  private readonly id = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private busy: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly sql: Sql,
    private readonly classes: ClassRegistry,
    private readonly clock: Clock,
    private readonly log: (err: unknown) => void,
  ) {}

  start(pollMs = 2000): void {
    this.timer = setInterval(() => this.kick(), pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.busy;
  }

  /** Looks for work now (called when a task is created). */
  kick(): void {
    if (this.busy || this.stopped) return;
    this.busy = this.drain()
      .catch((e: unknown) => this.log(e))
      .finally(() => {
        this.busy = undefined;
      });
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const task = await claimExportTask(this.sql, this.id, this.clock.now(), STALE_CLAIM_MS);
      if (!task) return;
      try {
        await this.run(task);
        await finishExportTask(this.sql, task.id, this.clock.now());
      } catch (e) {
        this.log(e);
        await finishExportTask(
          this.sql,
          task.id,
          this.clock.now(),
          e instanceof Error ? e.message : String(e),
        );
      }
    }
  }

  private async run(task: ExportTask): Promise<void> {
    await clearExportChunks(this.sql, task.id);
    const pending: Uint8Array[] = [];
    let pendingBytes = 0;
    let seq = 0;
    const zip = new Zip((err, data) => {
      if (err) throw err;
      pending.push(data);
      pendingBytes += data.length;
    });
    const flush = async (force: boolean) => {
      if (pendingBytes === 0 || (!force && pendingBytes < CHUNK_BYTES)) return;
      const chunk = Buffer.concat(pending);
      pending.length = 0;
      pendingBytes = 0;
      await writeExportChunk(this.sql, task.id, seq++, chunk);
    };
    const encoder = new TextEncoder();
    const all = await this.classes.list(this.sql);
    const wanted = task.params.classes ? all.filter((c) => task.params.classes?.includes(c.name)) : all;
    const schema = new ZipDeflate('schema.json', { level: 6 });
    zip.add(schema);
    const schemaJson = Object.fromEntries(wanted.map((c) => [c.name, { ...BUILTIN_FIELDS, ...c.fields }]));
    schema.push(encoder.encode(JSON.stringify(schemaJson, null, 2)), true);
    if (!task.params.onlySchema) {
      for (const { name } of wanted) {
        const file = new ZipDeflate(`${name}.jsonl`, { level: 6 });
        zip.add(file);
        let after: string | undefined;
        for (;;) {
          const rows = await pageById(this.sql, name, task.params, after, PAGE_ROWS);
          const last = rows[rows.length - 1];
          if (!last) break;
          const text = rows.map((r) => `${JSON.stringify(toApi(r, { withAcl: true }))}\n`).join('');
          file.push(encoder.encode(text), false);
          await flush(false);
          after = last.id;
        }
        file.push(new Uint8Array(0), true);
      }
    }
    zip.end();
    await flush(true);
  }
}
