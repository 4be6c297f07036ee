import { describe, expect, it } from 'vitest';
import { REDACTED } from '../audit';
import { SHOWN_DEPTH, TOO_DEEP, visibleTo } from './secrets';

/** {a: [{a: ... {sessionToken: secret}}]}, `depth` levels deep. */
function nested(depth: number, secret: string): unknown {
  let v: unknown = { sessionToken: secret, n: 1 };
  for (let i = 0; i < depth; i++) v = i % 2 ? { a: v } : [v];
  return v;
}

describe('visibleTo', () => {
  it('redacts a secret at any depth, for a role without secrets.read', () => {
    for (const depth of [0, 63, 64, 65, 200, SHOWN_DEPTH - 2]) {
      const text = JSON.stringify(visibleTo('viewer', nested(depth, 'SECRET-x')));
      expect(text, `depth ${depth}`).not.toContain('SECRET-x');
      expect(text, `depth ${depth}`).toContain(REDACTED);
    }
  });

  it('answers a document nested far deeper than JSON.stringify recurses, with no secret in it', () => {
    const shown = visibleTo('support', nested(50_000, 'SECRET-y'));
    const text = JSON.stringify(shown);
    expect(text).not.toContain('SECRET-y');
    expect(text).toContain(TOO_DEEP);
  });

  it('keeps key order, "__proto__" keys as data, and everything for secrets.read', () => {
    const doc = JSON.parse('{"b":1,"__proto__":{"x":1},"password":"p","a":[null,{"z":2}]}') as unknown;
    const shown = visibleTo('viewer', doc) as Record<string, unknown>;
    expect(Object.keys(shown)).toEqual(['b', '__proto__', 'password', 'a']);
    expect(JSON.stringify(shown)).toBe(
      '{"b":1,"__proto__":{"x":1},"password":"[redacted]","a":[null,{"z":2}]}',
    );
    expect(Object.getPrototypeOf(shown)).toBe(Object.prototype);
    expect(visibleTo('developer', doc)).toBe(doc);
  });
});
