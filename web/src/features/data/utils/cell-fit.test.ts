import { describe, expect, it } from 'vitest';
import { fitsCell, textWidthBound } from './cell-fit';
import { formatCell } from './format';

describe('textWidthBound', () => {
  it('counts wide letters, narrow ones and other scripts apart', () => {
    expect(textWidthBound('ab')).toBe(17);
    expect(textWidthBound('WM')).toBe(24);
    expect(textWidthBound('数据')).toBe(36);
  });

  it('counts an emoji (a surrogate pair) once', () => {
    expect(textWidthBound('😀')).toBe(18);
  });
});

describe('fitsCell', () => {
  it('lets a short string fit and clips one that may not', () => {
    expect(fitsCell(formatCell('Espresso'), 200)).toBe(true);
    expect(fitsCell(formatCell('Espresso machine with a steam wand'), 200)).toBe(false);
  });

  it('keeps room for the button of a cut value', () => {
    const long = formatCell('x'.repeat(500));
    // 119 letters and the ellipsis.
    const text = 119 * 8.5 + 18;
    expect(fitsCell(long, text + 17)).toBe(false);
    expect(fitsCell(long, text + 17 + 28)).toBe(true);
  });

  it('measures a pointer with its pill', () => {
    const ptr = formatCell({ __type: 'Pointer', className: 'Owner', objectId: 'owner12' });
    expect(fitsCell(ptr, 280)).toBe(true);
    expect(fitsCell(ptr, 120)).toBe(false);
  });

  it('lets fixed labels fit any column but a narrow one', () => {
    expect(fitsCell(formatCell(null), 120)).toBe(true);
    expect(fitsCell(formatCell(true), 100)).toBe(true);
    expect(fitsCell(formatCell(true), 60)).toBe(false);
  });

  it('measures dates in their local form', () => {
    const date = formatCell({ __type: 'Date', iso: '2026-11-23T10:51:34.000Z' }, 'Date', 'UTC');
    expect(fitsCell(date, 180)).toBe(true);
    expect(fitsCell(date, 120)).toBe(false);
  });
});
