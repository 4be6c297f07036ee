import type { FieldSchema } from '@switchboard/shared';
import type { SchemaChange } from './schema-options';

/** Where the import writes: a Switchboard server, reached over HTTP with its master key. */
export interface TargetConfig {
  baseUrl: string;
  appId: string;
  masterKey: string;
}

export interface BatchFailure {
  index: number;
  objectId?: string;
  code: number;
  error: string;
}

export interface BatchResult {
  written: number;
  skipped: number;
  failed: BatchFailure[];
  relationsAdded: number;
}

export interface BatchInput {
  objects?: unknown[];
  relations?: { field: string; owningId: string; relatedClass: string; relatedId: string }[];
  fields?: Record<string, FieldSchema>;
  hashRounds?: number;
}

/**
 * How the engine reaches a source or an old file host: the global fetch by default; the console
 * passes its guarded client, which decides where a fetch may go.
 */
export type FetchLike = (
  url: string,
  init: { headers?: Record<string, string>; signal?: AbortSignal },
) => Promise<Response>;

/** A refused or failed request; `status` is the HTTP status when the server answered at all. */
export class TargetError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/**
 * Where the engine writes. ImportTarget reaches a server over HTTP with its master key; the
 * console's bff implements it over its own upstream client (the only code there holding keys).
 */
export interface MigrationTarget {
  /** The target's base URL: a _File url under `<baseUrl>/files/` is already stored there. */
  readonly baseUrl: string;
  send(className: string, input: BatchInput): Promise<BatchResult>;
  /** Stores the content of an imported _File record. */
  sendFileContent(objectId: string, bytes: Buffer): Promise<{ size: number; url: string }>;
  /** Applies class permissions and column options (PUT /1.1/schemas/<className>). */
  changeSchema?(className: string, change: SchemaChange): Promise<void>;
}

/** Sends batches to POST /1.1/switchboard/import/<class>, as any client holding the master key could. */
export class ImportTarget implements MigrationTarget {
  private readonly base: string;

  constructor(private readonly cfg: TargetConfig) {
    this.base = cfg.baseUrl.replace(/\/+$/, '');
  }

  get baseUrl(): string {
    return this.base;
  }

  send(className: string, input: BatchInput): Promise<BatchResult> {
    return this.post(`/1.1/switchboard/import/${encodeURIComponent(className)}`, input);
  }

  /** Stores the content of an imported _File record (switchboard-import-files.ts). */
  sendFileContent(objectId: string, bytes: Buffer): Promise<{ size: number; url: string }> {
    return this.post(`/1.1/switchboard/import/_File/${encodeURIComponent(objectId)}/content`, {
      base64: bytes.toString('base64'),
    });
  }

  async changeSchema(className: string, change: SchemaChange): Promise<void> {
    await this.post(`/1.1/schemas/${encodeURIComponent(className)}`, change, 'PUT');
  }

  private async post<T>(path: string, input: unknown, method = 'POST'): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.base}${path}`, {
        method,
        headers: {
          'Content-Type': 'application/json',
          'X-LC-Id': this.cfg.appId,
          'X-LC-Key': `${this.cfg.masterKey},master`,
        },
        body: JSON.stringify(input),
      });
    } catch (e) {
      throw new TargetError(`Cannot reach ${this.base}: ${(e as Error).message}`);
    }
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (!res.ok) {
      const msg = (body as { error?: string } | undefined)?.error ?? text.slice(0, 200);
      throw new TargetError(`${res.status} from ${this.base}: ${msg}`, res.status);
    }
    return body as T;
  }
}
