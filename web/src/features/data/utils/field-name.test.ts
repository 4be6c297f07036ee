import { describe, expect, it } from 'vitest';
import { newFieldProblem } from './field-name';

const field = (name: string, type: 'String' | 'Pointer' = 'String', targetClass = '') => ({
  name,
  type,
  targetClass,
});

describe('newFieldProblem', () => {
  it('accepts a new, well-formed field', () => {
    expect(newFieldProblem(field('title'), ['price'])).toBeUndefined();
    expect(newFieldProblem(field('owner', 'Pointer', '_User'), [])).toBeUndefined();
  });

  it('names what is wrong otherwise', () => {
    expect(newFieldProblem(field(''), [])).toBe('empty');
    expect(newFieldProblem(field('1st'), [])).toBe('invalid');
    expect(newFieldProblem(field('a-b'), [])).toBe('invalid');
    expect(newFieldProblem(field('createdAt'), [])).toBe('reserved');
    expect(newFieldProblem(field('price'), ['price'])).toBe('exists');
    expect(newFieldProblem(field('owner', 'Pointer'), [])).toBe('target');
  });
});
