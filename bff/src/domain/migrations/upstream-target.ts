import type {
  BatchInput,
  BatchResult,
  FilePageReader,
  MigrationTarget,
  SchemaChange,
} from '@switchboard/migrate';
import type { UpstreamClient } from '../../upstream/client';
import { sendUpstream } from '../upstream-call';

type Obj = Record<string, unknown>;

/**
 * The migration engine's target over the bff's upstream client, so the app's master key stays in
 * bff/src/upstream (the client signs each request and redacts the keys from what comes back).
 */
export class UpstreamTarget implements MigrationTarget, FilePageReader {
  constructor(
    private readonly client: UpstreamClient,
    readonly baseUrl: string,
  ) {}

  async send(className: string, input: BatchInput): Promise<BatchResult> {
    const path = `/1.1/switchboard/import/${className}`;
    return (await sendUpstream(this.client, { method: 'POST', path, query: {}, body: input })) as BatchResult;
  }

  async changeSchema(className: string, change: SchemaChange): Promise<void> {
    const path = `/1.1/schemas/${className}`;
    await sendUpstream(this.client, { method: 'PUT', path, query: {}, body: change });
  }

  async sendFileContent(objectId: string, bytes: Buffer): Promise<{ size: number; url: string }> {
    const path = `/1.1/switchboard/import/_File/${objectId}/content`;
    const body = { base64: bytes.toString('base64') };
    return (await sendUpstream(this.client, { method: 'POST', path, query: {}, body })) as {
      size: number;
      url: string;
    };
  }

  /** The objects of a class, a thousand at a time in objectId order (as LiveClient.pages). */
  async *pages(className: string, where: Obj = {}, keys = 'objectId'): AsyncGenerator<Obj[]> {
    let last: string | undefined;
    for (;;) {
      const w = last === undefined ? where : { ...where, objectId: { $gt: last } };
      const query = { where: JSON.stringify(w), keys, order: 'objectId', limit: '1000' };
      const body = (await sendUpstream(this.client, {
        method: 'GET',
        path: `/1.1/classes/${className}`,
        query,
      })) as {
        results?: Obj[];
      };
      const page = Array.isArray(body.results) ? body.results : [];
      if (page.length > 0) yield page;
      if (page.length < 1000) return;
      last = String(page.at(-1)?.objectId);
    }
  }
}
