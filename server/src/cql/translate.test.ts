import { describe, expect, it } from 'vitest';
import { compileCql } from './translate';

// The statements of LeanCloud's CQL guide ("CQL 详细指南") and what each becomes in Doc 1's query
// language. What the server then answers is tested in route.test.ts and the SDK tests.

const NOW = new Date('2024-05-06T07:08:09.010Z');
const compile = (cql: string, pvalues?: unknown[]) => compileCql(cql, pvalues, NOW);
const whereOf = (cql: string, pvalues?: unknown[]): unknown => {
  const w = compile(cql, pvalues).params.where;
  return w === undefined ? undefined : JSON.parse(w);
};
const pointer = { __type: 'Pointer', className: 'Post', objectId: '51e3a359e4b015ead4d95ddc' };

describe('select list, limit and order by', () => {
  it('keys, count, include', () => {
    expect(compile('select * from GameScore')).toEqual({ className: 'GameScore', params: {} });
    expect(compile('SELECT name, score FROM GameScore').params).toEqual({ keys: 'name,score' });
    expect(compile('select count(*) from GameScore').params).toEqual({ limit: '0', count: '1' });
    expect(compile('select count(objectId), * from GameScore limit 10').params).toEqual({
      limit: '10',
      count: '1',
    });
    expect(compile('select count(*), name from GameScore').params).toEqual({ keys: 'name', count: '1' });
    expect(compile('select include post, * from Comment').params).toEqual({ include: 'post' });
    expect(compile('select include post, include author from Comment').params).toEqual({
      include: 'post,author',
    });
    expect(compile('select include post.category, text from Comment').params).toEqual({
      include: 'post.category',
      keys: 'text,post',
    });
    // Fields that share a keyword's spelling are still fields.
    expect(compile('select include, count from T').params).toEqual({ keys: 'include,count' });
  });

  it('limit [skip,] n and order by with signs and a trailing direction', () => {
    expect(compile('select * from GameScore limit 100,10').params).toEqual({ skip: '100', limit: '10' });
    expect(compile('select * from GameScore order by score,+name desc').params).toEqual({
      order: '-score,name',
    });
    expect(compile('select * from GameScore order by -score,name asc').params).toEqual({
      order: '-score,name',
    });
    expect(compile('select * from GameScore order by score desc, name').params).toEqual({
      order: '-score,name',
    });
    // The guide's curl example writes limit before order by; both orders are accepted.
    expect(compile('select * from Post limit 0,100 order by pubUser').params).toEqual({
      skip: '0',
      limit: '100',
      order: 'pubUser',
    });
    expect(compile('select * from T where a=? limit ?,?', ['x', 2, 3]).params).toMatchObject({
      skip: '2',
      limit: '3',
    });
  });
});

describe('where', () => {
  it('comparisons, dates, null, exists, and / or precedence', () => {
    expect(whereOf("select * from G where name='dennis' and score > 80 and score <= 100")).toEqual({
      $and: [{ name: 'dennis' }, { score: { $gt: 80 } }, { score: { $lte: 100 } }],
    });
    expect(whereOf("select * from G where name != 'a' and n <> 2 and m >= -1.5e2")).toEqual({
      name: { $ne: 'a' },
      n: { $ne: 2 },
      m: { $gte: -150 },
    });
    expect(whereOf("select * from G where createdAt < date('2011-08-20T02:06:57.931Z')")).toEqual({
      createdAt: { $lt: { __type: 'Date', iso: '2011-08-20T02:06:57.931Z' } },
    });
    expect(whereOf('select * from G where level is exists and x is not exists and y is null')).toEqual({
      level: { $exists: true },
      x: { $exists: false },
      y: null,
    });
    expect(whereOf('select * from G where score>80 and score<=100 or score=0')).toEqual({
      $or: [{ $and: [{ score: { $gt: 80 } }, { score: { $lte: 100 } }] }, { score: 0 }],
    });
    expect(whereOf('select * from G where a=1 and (b=2 or c=3)')).toEqual({
      a: 1,
      $or: [{ b: 2 }, { c: 3 }],
    });
    expect(whereOf('select * from G where t = current_timestamp()')).toEqual({
      t: { __type: 'Date', iso: NOW.toISOString() },
    });
  });

  it('like, regexp, in, not in, all, size, between', () => {
    expect(whereOf("select * from G where name like 'de.n_%' and s regexp '(?i)^d.*'")).toEqual({
      name: { $regex: '^de\\.n_.*$', $options: 's' },
      s: { $regex: '^d.*', $options: 'i' },
    });
    expect(whereOf("select * from G where name like '%xx[(]yy[)]%'")).toEqual({
      name: { $regex: '^.*xx[(]yy[)].*$', $options: 's' },
    });
    expect(
      whereOf('select * from G where name in (\'dennis\',"catty") and x not in (1) and y in ()'),
    ).toEqual({
      name: { $in: ['dennis', 'catty'] },
      x: { $nin: [1] },
      y: { $in: [] },
    });
    expect(whereOf('select * from G where name in ?', [['a', 'b']])).toEqual({ name: { $in: ['a', 'b'] } });
    expect(whereOf("select * from G where name not in ['a']")).toEqual({ name: { $nin: ['a'] } });
    expect(whereOf('select * from G where scores all (100,100) and size(scores) = 2')).toEqual({
      $and: [{ scores: { $all: [100, 100] } }, { scores: { $size: 2 } }],
    });
    expect(whereOf('select * from G where score between 1 and 10')).toEqual({ score: { $gte: 1, $lte: 10 } });
    expect(whereOf('select * from G where score not between 1 and 10')).toEqual({
      $or: [{ score: { $lt: 1 } }, { score: { $gt: 10 } }],
    });
  });

  it('pointer, JSON-style values, related ... to, sub-queries', () => {
    expect(whereOf("select * from Comment where post=pointer('Post','51e3a359e4b015ead4d95ddc')")).toEqual({
      post: pointer,
    });
    expect(
      whereOf(
        "select * from Comment where post={className:'Post', objectId:'51e3a359e4b015ead4d95ddc',__type:'Pointer'}",
      ),
    ).toEqual({ post: { className: 'Post', objectId: '51e3a359e4b015ead4d95ddc', __type: 'Pointer' } });
    expect(
      whereOf("select * from _User where related likes to pointer('Post', '51e3a359e4b015ead4d95ddc')"),
    ).toEqual({
      $relatedTo: { object: pointer, key: 'likes' },
    });
    expect(whereOf('select * from Comment where post in (select * from Post where image is exists)')).toEqual(
      {
        post: { $inQuery: { className: 'Post', where: { image: { $exists: true } } } },
      },
    );
    expect(
      whereOf('select * from Player where name in (select name from GameScore where score>? limit 5)', [80]),
    ).toEqual({
      name: {
        $select: { query: { className: 'GameScore', where: { score: { $gt: 80 } }, limit: 5 }, key: 'name' },
      },
    });
    expect(whereOf('select * from Player where name !=(select name from GameScore)')).toEqual({
      name: { $dontSelect: { query: { className: 'GameScore', where: {} }, key: 'name' } },
    });
    expect(whereOf('select * from C where post not in (select * from Post)')).toEqual({
      post: { $notInQuery: { className: 'Post', where: {} } },
    });
  });

  it('geo: near with max, within a box, [longitude, latitude]', () => {
    const gp = (longitude: number, latitude: number) => ({ __type: 'GeoPoint', latitude, longitude });
    expect(whereOf('select * from P where location near [116.4, 39.9]')).toEqual({
      location: { $nearSphere: gp(116.4, 39.9) },
    });
    expect(whereOf('select * from P where location near geopoint(116.4, 39.9) max 1 km')).toEqual({
      location: { $nearSphere: gp(116.4, 39.9), $maxDistanceInKilometers: 1 },
    });
    expect(whereOf('select * from P where location near ? max 2 miles', [gp(1, 2)])).toEqual({
      location: { $nearSphere: gp(1, 2), $maxDistanceInMiles: 2 },
    });
    expect(whereOf('select * from P where location within [116.33, 39.97] and [116.37, 39.99]')).toEqual({
      location: { $within: { $box: [gp(116.33, 39.97), gp(116.37, 39.99)] } },
    });
  });

  it('strings: both quotes, doubled quotes, escapes, regular-expression backslashes kept', () => {
    expect(whereOf(`select * from G where a='it''s' and b="say \\"hi\\"" and c='\\d+\\n'`)).toEqual({
      a: "it's",
      b: 'say "hi"',
      c: '\\d+\n',
    });
  });
});
