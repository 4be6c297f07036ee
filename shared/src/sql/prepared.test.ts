import { describe, expect, it } from 'vitest';
import { PreparedNames } from './prepared';

describe('PreparedNames', () => {
  it('names a text the second time it is seen, and always the same name after', () => {
    const names = new PreparedNames();
    expect(names.nameFor('SELECT 1')).toBeUndefined();
    const name = names.nameFor('SELECT 1');
    expect(name).toMatch(/^sb_\d+$/);
    expect(names.nameFor('SELECT 1')).toBe(name);
    expect(names.nameFor('SELECT 2')).toBeUndefined();
    expect(names.nameFor('SELECT 2')).not.toBe(name);
  });

  it('names at most `max` texts, so each connection holds a bounded set of plans', () => {
    const names = new PreparedNames(3);
    for (let i = 0; i < 10; i++) {
      names.nameFor(`SELECT ${i}`);
      names.nameFor(`SELECT ${i}`);
    }
    expect(names.size).toBe(3);
    expect(names.nameFor('SELECT 9')).toBeUndefined();
    expect(names.nameFor('SELECT 0')).toBe('sb_0');
  });

  it('forgets texts seen once when there are too many of them, never naming a one-off', () => {
    const names = new PreparedNames(100, 2);
    names.nameFor('a');
    names.nameFor('b');
    names.nameFor('c'); // the set of texts seen once was full: it starts again
    expect(names.nameFor('a')).toBeUndefined();
    expect(names.nameFor('a')).toBe('sb_0');
  });
});
