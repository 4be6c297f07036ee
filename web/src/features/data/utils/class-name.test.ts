import { describe, expect, it } from 'vitest';
import { classCaseTwin, classNameProblem } from './class-name';

describe('classNameProblem', () => {
  it('accepts names of letters, digits and underscores that start with a letter', () => {
    for (const name of ['Book', 'b', 'Order_2024', 'a'.repeat(60)]) {
      expect(classNameProblem(name, ['Other']), name).toBeUndefined();
    }
  });

  it('names what is wrong with the others', () => {
    expect(classNameProblem('', [])).toBe('empty');
    expect(classNameProblem('_User', [])).toBe('builtin');
    expect(classNameProblem('_Mine', [])).toBe('builtin');
    expect(classNameProblem('9lives', [])).toBe('invalid');
    expect(classNameProblem('my-class', [])).toBe('invalid');
    expect(classNameProblem('Café', [])).toBe('invalid');
    expect(classNameProblem('with space', [])).toBe('invalid');
    expect(classNameProblem('a'.repeat(61), [])).toBe('tooLong');
    expect(classNameProblem('Book', ['Book'])).toBe('exists');
    expect(classNameProblem('book', ['Book'])).toBeUndefined();
  });

  it('finds the class a new name differs from only in case', () => {
    expect(classCaseTwin('product', ['Product', 'Review'])).toBe('Product');
    expect(classCaseTwin('Product', ['Product'])).toBeUndefined();
    expect(classCaseTwin('Store', ['Product'])).toBeUndefined();
  });
});
