import type { CellView } from './format';

/**
 * Whether a cell's content surely fits its column, from an upper bound of its text's width.
 *
 * Clipping every cell (overflow: hidden, for the ellipsis) gives each cell a clip node of its own
 * in Chromium's paint property trees, and regrouping hundreds of them after every scrolled frame
 * cost about 5 ms a frame. Only cells that might overflow are clipped; the bound is generous, so
 * a cell judged to fit never spills into the next one.
 */

/** Cell padding (8 px each side) and its border. */
const CELL_CHROME = 17;
/** The "…" button of a cut value. */
const VIEW_BUTTON = 28;
/** A pill's padding and border (pointers, relations). */
const PILL_CHROME = 18;
/** A pointer's open link beside its pill. */
const OPEN_LINK = 24;
/** A file's thumbnail and the gap after it. */
const THUMB = 28;

/**
 * At most this wide, px, in the grid's 13 px sans-serif (or 12 px monospace) font: the widest
 * ASCII letters and signs (W, M, m, @, %) stay under 12 px, the others under 8.5; other scripts
 * and emoji under 18.
 */
export function textWidthBound(text: string): number {
  let px = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) px += c >= 0xdc00 && c <= 0xdfff ? 0 : 18;
    else if ((c >= 65 && c <= 90) || c === 109 || c === 119 || c === 64 || c === 37) px += 12;
    else px += 8.5;
  }
  return px;
}

/** The text and fixed extras a cell shows; undefined when its content is a fixed short label. */
function contentOf(view: CellView): { text: string; extra: number } | undefined {
  switch (view.kind) {
    case 'missing':
    case 'null':
    case 'boolean':
    case 'bytes':
      return undefined;
    case 'string':
    case 'json':
      return { text: view.text, extra: view.full === undefined ? 0 : VIEW_BUTTON };
    case 'number':
    case 'geopoint':
      return { text: view.text, extra: 0 };
    case 'date':
      return { text: view.local, extra: 0 };
    case 'pointer':
      return { text: `${view.className} ${view.objectId}`, extra: PILL_CHROME + OPEN_LINK };
    case 'relation':
      // The label adds a few words around the class name.
      return { text: `${view.className} relation...`, extra: PILL_CHROME };
    case 'file':
      return { text: view.name ?? view.id, extra: view.image ? THUMB : 0 };
    case 'aclNote':
      // A sentence in the reader's language, of at most about 40 Latin or 20 CJK characters.
      return { text: '', extra: 360 };
  }
}

export function fitsCell(view: CellView, width: number): boolean {
  const content = contentOf(view);
  if (!content) return width >= 100;
  return textWidthBound(content.text) + content.extra + CELL_CHROME <= width;
}
