import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fetch';
import { getObjects } from './get-objects';

describe('getObjects', () => {
  it('asks for the ACLs with the page, so the ACL editor starts from the stored one', async () => {
    const { calls } = stubFetch({
      'GET /api/apps/shop/1.1/classes/Note': () => json(200, { results: [] }),
    });
    await getObjects('shop', 'Note', { skip: 0, limit: 50, order: '-createdAt' });
    expect(calls[0]?.url.searchParams.get('returnACL')).toBe('true');
    expect(calls[0]?.url.searchParams.get('limit')).toBe('50');
  });
});
