import { describe, expect, it } from 'vitest';
import { roleNameProblem } from './role-name';

describe('roleNameProblem', () => {
  it('accepts letters, digits and underscore', () => {
    expect(roleNameProblem('Store_Managers2', ['Admins'])).toBeNull();
  });

  it('names what is wrong', () => {
    expect(roleNameProblem('', [])).toBe('required');
    expect(roleNameProblem('store managers', [])).toBe('characters');
    expect(roleNameProblem('café', [])).toBe('characters');
    expect(roleNameProblem('role:x', [])).toBe('characters');
    expect(roleNameProblem('Admins', ['Admins'])).toBe('taken');
  });
});
