import { CLASS_NAME_PATTERN, EXPORT_ERROR_MARKER, isPlainObject, parseWhereParam } from '@switchboard/shared';
import type { ClassExportQuery, ExportFormat, ReportedField } from '@switchboard/shared';
import type { UpstreamClient } from '../../upstream/client';
import { ConsoleError, notFound } from '../errors';
import { audit } from '../proxy/context';
import { guardQuery } from '../proxy/hidden-fields';
import type { ProxyContext } from '../proxy/context';
import { visibleTo } from '../proxy/secrets';
import { sendUpstream } from '../upstream-call';
import { csvColumns, csvLines, csvRecord } from './csv';
import { scanPage, scanPages } from './scan';

export interface ClassExport {
  filename: string;
  contentType: string;
  /** Text as the scan pages arrive; a failure after the start ends it with an error marker line. */
  body: AsyncGenerator<string>;
}

/** Fields every object carries, kept by a `keys` export as the query API keeps them. */
const ALWAYS = ['objectId', 'createdAt', 'updatedAt'];

function parseWhere(raw: string | undefined): unknown {
  if (raw === undefined || raw.trim() === '') return undefined;
  try {
    parseWhereParam(raw);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    throw new ConsoleError(400, 'validation_failed', `The where is not valid: ${reason}`);
  }
  return JSON.parse(raw) as unknown;
}

async function classFields(
  client: UpstreamClient,
  className: string,
): Promise<Record<string, ReportedField>> {
  let body: unknown;
  try {
    body = await sendUpstream(client, { method: 'GET', path: `/1.1/schemas/${className}`, query: {} });
  } catch (e) {
    if (e instanceof ConsoleError && e.status === 404) throw notFound(`The app has no class "${className}".`);
    throw e;
  }
  const fields = isPlainObject(body) ? body[className] : undefined;
  if (!isPlainObject(fields)) throw notFound(`The app has no class "${className}".`);
  return fields as Record<string, ReportedField>;
}

const pick = (o: Record<string, unknown>, keys: Set<string> | undefined) =>
  keys ? Object.fromEntries(Object.entries(o).filter(([k]) => keys.has(k))) : o;

function errorMarker(format: ExportFormat, message: string): string {
  return format === 'csv'
    ? csvLines([[EXPORT_ERROR_MARKER, message]])
    : `${JSON.stringify({ [EXPORT_ERROR_MARKER]: message })}\n`;
}

/**
 * Starts exporting the objects of a class that match `where`. Everything that can be refused
 * (the class name, the where, an unknown class, the first scan page) is checked before this
 * returns, so the caller can still answer with an error; after that, the rows stream page by
 * page and the class is never held in memory. The export is audited as it starts.
 */
export async function startClassExport(
  ctx: ProxyContext,
  className: string,
  q: ClassExportQuery,
  signal: AbortSignal,
  onError: (err: unknown) => void,
): Promise<ClassExport> {
  if (!CLASS_NAME_PATTERN.test(className)) {
    throw new ConsoleError(400, 'bad_request', `"${className}" is not a class name (letters, digits, _).`);
  }
  // The query may not name a field the role may not see (filtering on it is an oracle).
  guardQuery(ctx.role, { where: q.where, keys: q.keys });
  const where = parseWhere(q.where);
  const whereText = where === undefined ? undefined : q.where;
  // The query's keys may name sub-fields (a.b) or leave fields out (-a); an export keeps whole
  // top-level fields, so a.b keeps a and exclusions are not applied.
  const keys = [
    ...new Set(
      (q.keys ?? '')
        .split(',')
        .filter((k) => k !== '' && !k.startsWith('-'))
        .map((k) => k.split('.')[0] ?? k),
    ),
  ];
  const fields = await classFields(ctx.client, className);
  const first = await scanPage(ctx.client, className, whereText, null);
  await audit(ctx, {
    action: 'data.export',
    target: { class: className },
    summary: { format: q.format, where, keys: q.keys },
    result: 'ok',
    status: 200,
  });

  const columns = csvColumns(fields, keys);
  const kept = keys.length > 0 ? new Set([...ALWAYS, ...keys]) : undefined;
  const encode = (rows: Record<string, unknown>[]) => {
    const visible = visibleTo(ctx.role, rows) as Record<string, unknown>[];
    return q.format === 'csv'
      ? csvLines(visible.map((r) => csvRecord(r, columns, fields)))
      : visible.map((r) => `${JSON.stringify(pick(r, kept))}\n`).join('');
  };
  async function* body(): AsyncGenerator<string> {
    if (q.format === 'csv') yield csvLines([columns]);
    try {
      for await (const rows of scanPages(ctx.client, className, whereText, first, signal)) yield encode(rows);
    } catch (e) {
      onError(e);
      const message = e instanceof ConsoleError ? e.message : 'The export stopped on an unexpected error.';
      yield errorMarker(q.format, `The export is incomplete: ${message}`);
    }
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return {
    filename: `${className}-${stamp}.${q.format}`,
    contentType: q.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
    body: body(),
  };
}
