import { describe, expect, it } from 'vitest';
import { fieldCaseTwin, newFieldProblem } from './field-name';

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

  it('says a name is too long before judging its characters', () => {
    expect(newFieldProblem(field('a'.repeat(128)), [])).toBeUndefined();
    expect(newFieldProblem(field('a'.repeat(200)), [])).toBe('tooLong');
    expect(newFieldProblem(field(`${'a'.repeat(199)}-`), [])).toBe('tooLong');
  });

  it('finds the field a name differs from only in case, the built-in ones too', () => {
    expect(fieldCaseTwin('createdat', ['price'])).toBe('createdAt');
    expect(fieldCaseTwin('Price', ['price'])).toBe('price');
    expect(fieldCaseTwin('price', ['price'])).toBeUndefined();
    expect(fieldCaseTwin('title', ['price'])).toBeUndefined();
  });
});
