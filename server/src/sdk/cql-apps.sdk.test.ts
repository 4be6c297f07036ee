// CQL as published LeanCloud apps write it, through the real `leancloud-storage` SDK: the
// statements of the Valine comment widget (double-quoted strings, `is not exists` inside
// parentheses, order by before limit, count(*) with order by) and a feedback counter's date range.
import { beforeAll, describe, expect, it } from 'vitest';
import { useSdkServer } from './helpers';
import { AV } from './setup';

useSdkServer();

const URL_A = '/posts/hello/';
let parents: AV.Object[] = [];

beforeAll(async () => {
  parents = (await AV.Object.saveAll(
    [1, 2, 3].map((n) =>
      new AV.Object('Comment').set({
        nick: `p${n}`,
        comment: `top ${n}`,
        url: n === 3 ? URL_A.slice(0, -1) : URL_A,
        rid: '',
      }),
    ),
  )) as AV.Object[];
  await AV.Object.saveAll([
    new AV.Object('Comment').set({ nick: 'r1', comment: 'reply', url: URL_A, rid: parents[0]?.id }),
    new AV.Object('Comment').set({ nick: 'old', comment: 'no rid field', url: URL_A }),
    new AV.Object('Comment').set({ nick: 'elsewhere', url: '/other/', rid: '' }),
  ]);
});

interface Answer {
  results: AV.Object[];
  count?: number;
}
const cloudQuery = (cql: string) => AV.Query.doCloudQuery(cql) as unknown as Promise<Answer>;
const nicks = (a: Answer) => a.results.map((o) => o.get('nick') as string);

describe('Valine', () => {
  const url = URL_A.slice(0, -1);
  it('counts the top-level comments of a page', async () => {
    const a = await cloudQuery(
      `select count(*) from Comment where (rid='' or rid is not exists) and (url='${url}' or url='${url}/') order by -createdAt`,
    );
    expect([a.count, a.results]).toEqual([4, []]);
  });

  it('pages through them newest first, with the fields it shows', async () => {
    const page = (n: number) =>
      cloudQuery(
        `select nick, comment, link, rid, isSpam from Comment where (rid='' or rid is not exists) and (url='${url}' or url='${url}/') order by -createdAt limit ${(n - 1) * 3},3`,
      );
    expect(nicks(await page(1))).toEqual(['old', 'p3', 'p2']);
    expect(nicks(await page(2))).toEqual(['p1']);
    const [first] = (await page(1)).results;
    expect(first?.get('url')).toBeUndefined();
  });

  it('finds the replies of the comments shown', async () => {
    const ids = parents.map((p) => p.id);
    const a = await cloudQuery(
      `select nick, comment, link, rid, isSpam, mailMd5, ua from Comment where rid in (${JSON.stringify(ids).replace(/(\[|\])/g, '')}) order by -createdAt`,
    );
    expect(nicks(a)).toEqual(['r1']);
  });
});

describe('a date range with date() and a template-built UTC time', () => {
  it('counts what was created today', async () => {
    const start = new Date(Date.now() - 3_600_000).toISOString().slice(0, -1);
    const end = new Date(Date.now() + 3_600_000).toISOString().slice(0, -1);
    const a = await cloudQuery(
      `select count(*) from Comment\n    where (nick = 'p1' or nick = 'p2')\n    and createdAt >= date('${start}Z') and createdAt <= date('${end}Z')`,
    );
    expect(a.count).toBe(2);
  });
});
