import { describe, expect, it } from 'vitest';
import { describeTarget } from './audit-text';

const label = (kind: string) => `<${kind}>`;

describe('describeTarget', () => {
  it('names an object by class and id', () => {
    expect(describeTarget({ class: 'Post', objectId: 'abc' }, label)).toBe('Post/abc');
    expect(describeTarget({ class: 'Post' }, label)).toBe('Post');
  });

  it('names other targets with their kind', () => {
    expect(describeTarget({ consoleUser: 'u1', pushId: 'p1' }, label)).toBe('<consoleUser> u1, <pushId> p1');
  });

  it('is empty for no target', () => {
    expect(describeTarget(null, label)).toBe('');
    expect(describeTarget({}, label)).toBe('');
  });
});
