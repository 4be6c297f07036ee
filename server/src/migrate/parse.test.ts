import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseMigrateArgs, UsageError } from './args';
import { classify, CsvCellError, csvObject, csvRecords, importOrder } from '@switchboard/migrate';

async function records(text: string, chunk = 3) {
  const parts: string[] = [];
  for (let i = 0; i < text.length; i += chunk) parts.push(text.slice(i, i + chunk));
  const out: { line: number; cells: string[] }[] = [];
  for await (const r of csvRecords(Readable.from(parts))) out.push(r);
  return out;
}

describe('csvRecords', () => {
  it('reads quoted commas, quotes and line breaks across chunk borders, with start lines', async () => {
    expect(await records('a,b\r\n"x, ""y""","multi\nline"\n\nlast,')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, "y"', 'multi\nline'] },
      { line: 5, cells: ['last', ''] },
    ]);
  });
});

describe('csvObject (LeanCloud type row and name row)', () => {
  const types = ['string', 'int', 'double', 'boolean', 'date', 'date', 'array', 'object', 'file', 'pointer'];
  const names = ['name', 'age', 'score', 'ok', 'when', 'createdAt', 'tags', 'meta', 'pic', 'owner'];
  it('turns cells into REST values and leaves empty cells out', () => {
    const o = csvObject(types, names, [
      '张三',
      '33',
      '300.5',
      'true',
      '2014-05-07T19:45:50.701Z',
      '2014-05-07T19:45:50.701Z',
      '[1,"a"]',
      '{"k":1}',
      'fileid',
      '{"__type":"Pointer","className":"_User","objectId":"u1"}',
    ]);
    expect(o).toEqual({
      name: '张三',
      age: 33,
      score: 300.5,
      ok: true,
      when: { __type: 'Date', iso: '2014-05-07T19:45:50.701Z' },
      createdAt: '2014-05-07T19:45:50.701Z',
      tags: [1, 'a'],
      meta: { k: 1 },
      pic: { __type: 'File', id: 'fileid' },
      owner: { __type: 'Pointer', className: '_User', objectId: 'u1' },
    });
    expect(csvObject(['string', 'int'], ['a', 'b'], ['', ''])).toEqual({});
  });
  it('refuses cells that do not fit their type, naming the column', () => {
    expect(() => csvObject(['int'], ['age'], ['old'])).toThrow(CsvCellError);
    expect(() => csvObject(['boolean'], ['ok'], ['maybe'])).toThrow(/'ok'/);
    expect(() => csvObject(['array'], ['tags'], ['[1,'])).toThrow(/'tags'/);
  });
});

describe('classify and importOrder', () => {
  it('tells classes, parts, relations, the schema and other files apart', () => {
    expect(classify('/x/Post.jsonl')).toEqual({ kind: 'class', path: '/x/Post.jsonl', className: 'Post' });
    expect(classify('/x/Post.0.json')).toMatchObject({ kind: 'class', className: 'Post' });
    expect(classify('/x/_Join:users:_Role.csv')).toMatchObject({
      kind: 'relation',
      field: 'users',
      ownerClass: '_Role',
    });
    expect(classify('/x/_Schema.json')).toMatchObject({ kind: 'schema' });
    expect(classify('/x/readme.txt')).toMatchObject({ kind: 'ignored' });
    expect(classify('/x/9bad.json')).toMatchObject({ kind: 'ignored' });
  });
  it('puts built-in classes first', () => {
    expect(importOrder(['Post', '_Role', 'Album', '_User', 'Post'])).toEqual([
      '_User',
      '_Role',
      'Album',
      'Post',
    ]);
  });
});

describe('parseMigrateArgs', () => {
  it('reads a folder and options', () => {
    expect(parseMigrateArgs(['export.zip', '--batch-size', '500', '--hash-rounds=512'])).toEqual({
      source: { kind: 'files', path: 'export.zip' },
      batchSize: 500,
      hashRounds: 512,
    });
    // A flag without a value: the folder after it stays the folder.
    expect(parseMigrateArgs(['--download-files', 'export'])).toEqual({
      source: { kind: 'files', path: 'export' },
      batchSize: 2000,
      downloadFiles: true,
    });
  });
  it('reads a live source and refuses incomplete or mixed ones', () => {
    expect(
      parseMigrateArgs([
        '--source-url',
        'https://a.example',
        '--source-app-id',
        'id',
        '--source-master-key',
        'k',
      ]).source,
    ).toEqual({
      kind: 'live',
      url: 'https://a.example',
      appId: 'id',
      masterKey: 'k',
      checkpoint: '.migrate-id.json',
    });
    expect(() => parseMigrateArgs(['--source-url', 'https://a.example'])).toThrow(UsageError);
    expect(() => parseMigrateArgs([])).toThrow(/export folder/);
    expect(() => parseMigrateArgs(['a', '--batch-size', '0'])).toThrow(/--batch-size/);
    expect(() => parseMigrateArgs(['a', '--nope', '1'])).toThrow(/--nope/);
  });
  it('lets file downloads reach private addresses only when asked, by flag or environment', () => {
    expect(parseMigrateArgs(['a', '--download-files']).allowPrivateSources).toBeUndefined();
    const env = (v: string) => ({ MIGRATE_ALLOW_PRIVATE_SOURCES: v });
    for (const off of ['', '0', 'no', 'false'])
      expect(parseMigrateArgs(['a'], env(off)).allowPrivateSources, off).toBeUndefined();
    expect(parseMigrateArgs(['--allow-private-sources', 'a']).allowPrivateSources).toBe(true);
    expect(parseMigrateArgs(['a'], env('1')).allowPrivateSources).toBe(true);
    expect(parseMigrateArgs(['a'], env('TRUE')).allowPrivateSources).toBe(true);
  });
});
