import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleError, stubFetch } from '../../../test/fetch';
import { downloadExport, exportUrl, incompleteMessage, recordCounter } from './download';

afterEach(() => vi.unstubAllGlobals());

const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });

function streamOf(parts: string[]): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const p of parts) controller.enqueue(enc.encode(p));
      controller.close();
    },
  });
}

const req = { app: 'default', className: 'Product', format: 'csv' as const, where: '{"a":1}' };

describe('exportUrl', () => {
  it('is the console export route with the format and the where', () => {
    expect(exportUrl(req)).toBe('/api/apps/default/export/Product?format=csv&where=%7B%22a%22%3A1%7D');
  });
});

describe('downloadExport', () => {
  it('reports bytes and rows as chunks arrive and returns the whole file', async () => {
    const parts = ['objectId,name\n', 'a,x\nb,y\n', 'c,"multi\nline"\n'];
    stubFetch({
      'GET /api/apps/default/export/Product': () =>
        new Response(streamOf(parts), {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="P-1.csv"' },
        }),
    });
    const seen: number[] = [];
    const rows: number[] = [];
    const result = await downloadExport(req, (p) => {
      seen.push(p.bytes);
      rows.push(p.rows);
    });
    expect(seen).toEqual([14, 22, 37]);
    expect(result.bytes).toBe(37);
    // The line break inside the quoted cell is part of a row, not a row of its own.
    expect(rows).toEqual([0, 2, 3]);
    expect(result.rows).toBe(3);
    expect(result.filename).toBe('P-1.csv');
    expect(await textOf(result.blob)).toBe(parts.join(''));
    expect(result.incomplete).toBeUndefined();
  });

  it('says when the server ended the export with its error line', async () => {
    stubFetch({
      'GET /api/apps/default/export/Product': () =>
        new Response(
          streamOf(['{"objectId":"a"}\n', '{"#export-error":"The export is incomplete: boom"}\n']),
        ),
    });
    const result = await downloadExport({ ...req, format: 'jsonl' }, () => {});
    expect(result.incomplete).toBe('The export is incomplete: boom');
    expect(result.rows).toBe(1);
  });

  it('turns a refusal into the console error', async () => {
    stubFetch({
      'GET /api/apps/default/export/Product': () => consoleError(403, 'forbidden', 'needs export.run'),
    });
    await expect(downloadExport(req, () => {})).rejects.toMatchObject({ code: 'forbidden', status: 403 });
  });

  it('stops when cancelled', async () => {
    const stop = new AbortController();
    stubFetch({
      'GET /api/apps/default/export/Product': () => new Response(new ReadableStream({ start() {} })),
    });
    const pending = downloadExport(req, () => {}, stop.signal);
    stop.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('recordCounter', () => {
  const enc = (s: string) => new TextEncoder().encode(s);
  it('counts CSV records, not line breaks in quoted cells, across chunks', () => {
    const count = recordCounter('csv');
    expect(count(enc('a,"one\ntwo'))).toBe(0);
    expect(count(enc(' ""x"" three\n"\nb,c\n'))).toBe(2);
  });
  it('counts JSON lines by their line ends, whatever quotes they hold', () => {
    expect(recordCounter('jsonl')(enc('{"a":"\\"x"}\n{"b":1}\n'))).toBe(2);
  });
});

describe('incompleteMessage', () => {
  it('reads the CSV marker, quoted or not', () => {
    expect(incompleteMessage('a,b\n#export-error,"x, ""y"""\n', 'csv')).toBe('x, "y"');
    expect(incompleteMessage('a,b\n#export-error,plain\n', 'csv')).toBe('plain');
    expect(incompleteMessage('a,b\nc,d\n', 'csv')).toBeUndefined();
  });
});
