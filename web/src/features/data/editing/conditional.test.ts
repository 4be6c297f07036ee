import { describe, expect, it } from 'vitest';
import { parseWhereParam } from '@switchboard/shared';
import { conditionalUpdate, unchangedSince } from './conditional';

describe('conditional saves', () => {
  it('ask for the object as read, in a where the API accepts', () => {
    const where = unchangedSince('2024-05-01T00:00:00.000Z');
    expect(() => parseWhereParam(JSON.stringify(where))).not.toThrow();
    expect(where).toEqual({ updatedAt: { __type: 'Date', iso: '2024-05-01T00:00:00.000Z' } });
  });

  it('send that where with the update', () => {
    const request = conditionalUpdate('Note', 'abc', '2024-05-01T00:00:00.000Z', { text: 'x' });
    expect(request).toEqual({
      method: 'PUT',
      path: '/1.1/classes/Note/abc',
      body: { text: 'x' },
      params: { where: { updatedAt: { __type: 'Date', iso: '2024-05-01T00:00:00.000Z' } } },
    });
    expect(() => parseWhereParam(JSON.stringify(request.params?.where))).not.toThrow();
  });
});
