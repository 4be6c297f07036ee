import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../../test/fetch';
import { defaultMapping, prepareRows } from './coerce';
import { parseCsv, parseImportFile, parseJson, parseJsonLines } from './parse-file';
import { IMPORT_CHUNK, planChunk, runImport } from './run-import';

afterEach(() => vi.unstubAllGlobals());

const fields = {
  objectId: { type: 'String' },
  name: { type: 'String' },
  price: { type: 'Number' },
  sold: { type: 'Boolean' },
  when: { type: 'Date' },
  owner: { type: 'Pointer', className: 'Owner' },
  tags: { type: 'Array' },
};

describe('parsing files', () => {
  it('reads CSV with quotes, commas and newlines in cells, and a byte-order mark', () => {
    const out = parseCsv('\uFEFFname,price\n"a, ""b""",1\n"multi\nline",2\n\n');
    expect(out).toEqual({
      ok: true,
      file: {
        format: 'csv',
        columns: ['name', 'price'],
        rows: [
          { name: 'a, "b"', price: '1' },
          { name: 'multi\nline', price: '2' },
        ],
      },
    });
  });

  it("takes off the apostrophe the console's export puts before formula-like text", () => {
    const out = parseCsv(`name,note\n"'=HYPERLINK(""x"")",'-1\n"''+1",it's\n`);
    expect(out).toMatchObject({
      ok: true,
      file: {
        rows: [
          { name: '=HYPERLINK("x")', note: '-1' },
          { name: "'+1", note: "it's" },
        ],
      },
    });
  });

  it('reads JSON lines, a JSON array and a query answer alike', () => {
    const rows = [{ a: 1 }, { b: 'x' }];
    for (const text of ['{"a":1}\n{"b":"x"}\n', JSON.stringify(rows), JSON.stringify({ results: rows })]) {
      const out = parseImportFile('data.json', text);
      expect(out.ok && out.file.rows).toEqual(rows);
      expect(out.ok && out.file.columns).toEqual(['a', 'b']);
    }
    expect(parseImportFile('x.jsonl', '{"a":1}').ok).toBe(true);
  });

  it('says which line or entry is wrong', () => {
    expect(parseJsonLines('{"a":1}\n{oops\n')).toEqual({ ok: false, message: 'Line 2 is not valid JSON.' });
    expect(parseJson('[{"a":1}, 3]')).toEqual({ ok: false, message: 'Entry 2 is not a JSON object.' });
    expect(parseCsv('')).toMatchObject({ ok: false });
  });
});

describe('preparing rows', () => {
  it('maps columns to fields by name; objectId is the key and server fields are skipped', () => {
    expect(defaultMapping(['objectId', 'name', 'createdAt', 'bad name', 'extra'])).toEqual({
      objectId: { field: 'objectId' },
      name: { field: 'name' },
      createdAt: null,
      'bad name': null,
      extra: { field: 'extra' },
    });
  });

  it('types CSV text by the schema, leaves empty cells out and reports cells that do not fit', () => {
    const raw = [
      {
        objectId: 'o1',
        name: '42',
        price: '9.5',
        sold: 'true',
        when: '2024-01-02T03:04:05.000Z',
        owner: 'u1',
        tags: '["a"]',
        extra: '{"x":1}',
      },
      {
        objectId: '',
        name: 'n',
        price: 'cheap',
        sold: 'maybe',
        when: '',
        owner: '',
        tags: '',
        extra: 'plain',
      },
    ];
    const [first, second] = prepareRows(raw, defaultMapping(Object.keys(raw[0]!)), fields);
    expect(first).toEqual({
      row: 1,
      objectId: 'o1',
      body: {
        name: '42',
        price: 9.5,
        sold: true,
        when: { __type: 'Date', iso: '2024-01-02T03:04:05.000Z' },
        owner: { __type: 'Pointer', className: 'Owner', objectId: 'u1' },
        tags: ['a'],
        extra: { x: 1 },
      },
      errors: [],
    });
    expect(second?.objectId).toBeUndefined();
    expect(second?.body).toEqual({ name: 'n', extra: 'plain' });
    expect(second?.errors).toEqual([
      { column: 'price', error: { code: 'notNumber' } },
      { column: 'sold', error: { code: 'notBoolean' } },
    ]);
  });

  it('sends JSON values as they are', () => {
    const [row] = prepareRows(
      [{ price: 3, tags: [1], when: { __type: 'Date', iso: 'x' } }],
      defaultMapping(['price', 'tags', 'when']),
      fields,
    );
    expect(row?.body).toEqual({ price: 3, tags: [1], when: { __type: 'Date', iso: 'x' } });
  });
});

describe('reading the ACL column of an export', () => {
  const acl = { '*': { read: true }, 'role:staff': { read: true, write: true } };
  it('restores the ACL from its JSON text, whether or not the schema reports ACL', () => {
    const raw = [
      { objectId: 'o1', ACL: JSON.stringify(acl) },
      { objectId: 'o2', ACL: '' },
    ];
    const mapping = defaultMapping(['objectId', 'ACL']);
    expect(mapping.ACL).toEqual({ field: 'ACL' });
    for (const schema of [fields, { ...fields, ACL: { type: 'ACL' } }]) {
      const [first, second] = prepareRows(raw, mapping, schema);
      expect(first).toEqual({ row: 1, objectId: 'o1', body: { ACL: acl }, errors: [] });
      expect(second?.body).toEqual({});
    }
  });

  it('names an ACL cell that is not an ACL, and takes one from JSON lines as it is', () => {
    const [bad] = prepareRows([{ ACL: '{"*":{"read":"yes"}}' }], defaultMapping(['ACL']), fields);
    expect(bad?.errors).toEqual([{ column: 'ACL', error: { code: 'notAcl' } }]);
    const [asIs] = prepareRows([{ ACL: acl }], defaultMapping(['ACL']), fields);
    expect(asIs?.body).toEqual({ ACL: acl });
  });
});

describe('planChunk', () => {
  it('updates rows whose objectId exists and creates the others without it', () => {
    const rows = [
      { row: 1, objectId: 'a', body: { n: 1 }, errors: [] },
      { row: 2, objectId: 'gone', body: { n: 2 }, errors: [] },
      { row: 3, body: { n: 3 }, errors: [] },
    ];
    expect(planChunk('Item', rows, new Set(['a']))).toEqual([
      { method: 'PUT', path: '/1.1/classes/Item/a', body: { n: 1 } },
      { method: 'POST', path: '/1.1/classes/Item', body: { n: 2 } },
      { method: 'POST', path: '/1.1/classes/Item', body: { n: 3 } },
    ]);
  });
});

describe('runImport', () => {
  const rows = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      row: i + 1,
      objectId: i % 10 === 0 ? `id${i}` : undefined,
      body: { n: i },
      errors: i === 3 ? [{ column: 'n', error: { code: 'notNumber' as const } }] : [],
    }));

  it('sends batches of 50, updates existing ids, and lists every failed row', async () => {
    const { calls } = stubFetch({
      'GET /api/apps/default/1.1/classes/Item': () =>
        json(200, { results: [{ objectId: 'id0', createdAt: 'x', updatedAt: 'x' }] }),
      'POST /api/apps/default/1.1/batch': (req) => {
        const { requests } = req.body as { requests: { body: { n: number } }[] };
        return json(
          200,
          requests.map((r) =>
            r.body.n === 7 ? { error: { code: 142, error: 'refused' } } : { success: {} },
          ),
        );
      },
    });
    const progress: number[] = [];
    const out = await runImport('default', 'Item', rows(120), new AbortController().signal, (p) =>
      progress.push(p.done),
    );
    const batches = calls.filter((c) => c.method === 'POST');
    expect(batches.map((c) => (c.body as { requests: unknown[] }).requests.length)).toEqual([
      IMPORT_CHUNK - 1,
      50,
      20,
    ]);
    expect(progress).toEqual([50, 100, 120]);
    expect(out.updated).toBe(1);
    expect(out.created).toBe(117);
    expect(out.failures).toEqual([
      { row: 4, cell: { column: 'n', error: { code: 'notNumber' } } },
      { row: 8, message: 'refused (142)' },
    ]);
    expect(JSON.parse(calls[0]!.url.searchParams.get('where')!)).toEqual({
      objectId: { $in: ['id0', 'id10', 'id20', 'id30', 'id40'] },
    });
  });

  it('stops before the next batch when cancelled', async () => {
    const stop = new AbortController();
    const { calls } = stubFetch({
      'GET /api/apps/default/1.1/classes/Item': () => json(200, { results: [] }),
      'POST /api/apps/default/1.1/batch': (req) => {
        stop.abort();
        return json(
          200,
          (req.body as { requests: unknown[] }).requests.map(() => ({ success: {} })),
        );
      },
    });
    const out = await runImport('default', 'Item', rows(120), stop.signal, () => {});
    expect(out.cancelled).toBe(true);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('ends on a batch refused as a whole, naming its rows', async () => {
    stubFetch({
      'GET /api/apps/default/1.1/classes/Item': () => json(200, { results: [] }),
      'POST /api/apps/default/1.1/batch': () =>
        json(403, { code: 'forbidden', message: 'needs data.write', requestId: 'r' }),
    });
    const out = await runImport('default', 'Item', rows(60), new AbortController().signal, () => {});
    expect(out.failures.filter((f) => f.message === 'needs data.write')).toHaveLength(49);
    expect(out.created).toBe(0);
  });
});
