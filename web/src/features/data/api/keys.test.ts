import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { classKeys } from './keys';

const page = { skip: 0, limit: 100, order: '-createdAt' };

describe('classKeys', () => {
  it('gives each resource its own key', () => {
    const keys = [
      classKeys.list('a'),
      classKeys.list('b'),
      classKeys.count('a', 'Product'),
      classKeys.count('a', 'Review'),
      classKeys.objects('a', 'Product', page),
      classKeys.objects('a', 'Product', { ...page, skip: 100 }),
    ].map((k) => JSON.stringify(k));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('invalidating a class reaches its count and pages, and nothing else', async () => {
    const client = new QueryClient();
    const touched = [classKeys.count('a', 'Product'), classKeys.objects('a', 'Product', page)];
    const untouched = [classKeys.list('a'), classKeys.count('a', 'Review'), classKeys.count('b', 'Product')];
    for (const key of [...touched, ...untouched]) client.setQueryData(key, 1);

    await client.invalidateQueries({ queryKey: classKeys.detail('a', 'Product') });

    expect(touched.map((k) => client.getQueryState(k)?.isInvalidated)).toEqual([true, true]);
    expect(untouched.map((k) => client.getQueryState(k)?.isInvalidated)).toEqual([false, false, false]);
  });

  it('invalidating an app reaches all of its class queries', async () => {
    const client = new QueryClient();
    client.setQueryData(classKeys.list('a'), {});
    client.setQueryData(classKeys.objects('a', 'X', page), {});
    await client.invalidateQueries({ queryKey: classKeys.all('a') });
    expect(client.getQueryState(classKeys.list('a'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(classKeys.objects('a', 'X', page))?.isInvalidated).toBe(true);
  });
});
