import { describe, expect, it } from 'vitest';
import { initialChunks } from './initial-size';

const chunk = (imports: string[], isEntry = false) => ({ code: 'x', imports, isEntry });

describe('initialChunks', () => {
  it('counts each entry and everything it imports statically, however deep', () => {
    const bundle = {
      'index.js': chunk(['react.js', 'core.js'], true),
      'core.js': chunk(['mui.js']),
      'mui.js': chunk([]),
      'react.js': chunk([]),
      // Reached only through import(): a route loaded on demand.
      'data.js': chunk(['mui.js', 'grid.js']),
      'grid.js': chunk([]),
      'index.css': { type: 'asset' as const },
    };
    expect(initialChunks(bundle)).toEqual(['core.js', 'index.js', 'mui.js', 'react.js']);
  });

  it('survives import cycles', () => {
    const bundle = { 'a.js': chunk(['b.js'], true), 'b.js': chunk(['a.js']) };
    expect(initialChunks(bundle)).toEqual(['a.js', 'b.js']);
  });
});
