import { css } from '@emotion/react';
import type { CSSObject, SerializedStyles } from '@emotion/react';
import type { SxProps, Theme } from '@mui/material/styles';
import { warningText } from '../../../components/theme/warning-text';

export const ROW_HEIGHT = 36;
export const HEADER_HEIGHT = 48;

/**
 * All cell styling hangs off the grid element by role and class, so the hundreds of cells on
 * screen share one stylesheet rule instead of generating styles one by one.
 */
export const gridSx: SxProps<Theme> = {
  flex: 1,
  minHeight: 0,
  overflow: 'auto',
  position: 'relative',
  fontSize: 13,
  '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
  '& [role=row]': { display: 'flex', boxSizing: 'border-box' },
  '& .grid-head': { position: 'sticky', top: 0, zIndex: 1, bgcolor: 'background.paper' },
  // Each row lays out on its own: a row coming into view does not make the browser look at the
  // others. Not paint containment: that is a clip per row (see cell-clip below).
  '& .grid-row': { position: 'absolute', top: 0, left: 0, minWidth: '100%', contain: 'layout style' },
  '& .grid-row:hover': { bgcolor: 'action.hover' },
  '& [role=columnheader], & [role=gridcell]': {
    flex: 'none',
    boxSizing: 'border-box',
    px: 1,
    borderRight: 1,
    borderBottom: 1,
    borderColor: 'divider',
    whiteSpace: 'nowrap',
    display: 'flex',
    alignItems: 'center',
  },
  // Clipping is per cell that might overflow (utils/cell-fit.ts): a clip on every cell costs the
  // browser a clip node each, regrouped after every scrolled frame.
  '& [role=columnheader], & .cell-clip, & .cell-clip > span, & .cell-clip > .cell-pill, & .cell-clip > .cell-file > span':
    { overflow: 'hidden', textOverflow: 'ellipsis' },
  '& [role=columnheader]': { flexDirection: 'column', alignItems: 'flex-start', justifyContent: 'center' },
  '& .grid-head-name': { fontWeight: 600, maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' },
  '& .grid-head-type': { fontSize: 11, color: 'text.secondary' },
  '& .cell-number': { width: '100%', textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  '& .cell-code': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12 },
  '& .cell-null': { fontStyle: 'italic', color: 'text.secondary' },
  '& .cell-warn': { color: warningText },
  '& .cell-active': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main', outlineOffset: -2 },
  '& .cell-pending': { bgcolor: 'warning.light', color: 'warning.contrastText' },
  '& .cell-more': { ml: 'auto', p: 0.25 },
  // Looks like an outlined small chip (pointers, relations) at the cost of one element.
  '& .cell-pill': {
    all: 'unset',
    boxSizing: 'border-box',
    cursor: 'pointer',
    maxWidth: '100%',
    height: 24,
    lineHeight: '22px',
    px: 1,
    borderRadius: 3,
    border: 1,
    borderColor: 'primary.main',
    color: 'primary.main',
    fontSize: 13,
    whiteSpace: 'nowrap',
    '&:hover': { bgcolor: 'action.hover' },
    '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
  },
  // A pointer's value: a pill to look at (double click edits it), with its open link beside it.
  '& .cell-ref': { cursor: 'default', minWidth: 0, flex: '0 1 auto', '&:hover': { bgcolor: 'transparent' } },
  '& .cell-open': {
    flex: 'none',
    ml: 0.5,
    px: 0.5,
    color: 'primary.main',
    textDecoration: 'none',
    borderRadius: 1,
    '&:hover': { bgcolor: 'action.hover' },
    '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
  },
  '& .cell-file': { display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0, color: 'primary.main' },
  '& .cell-thumb': { width: 24, height: 24, objectFit: 'cover', borderRadius: 0.5, flex: 'none' },
  '& .grid-check': {
    width: 18,
    height: 18,
    m: 0,
    cursor: 'pointer',
    accentColor: (theme) => theme.palette.primary.main,
  },
  '& .grid-select': {
    position: 'sticky',
    left: 0,
    zIndex: 1,
    bgcolor: 'background.paper',
    px: 0,
    justifyContent: 'center',
  },
  '& .grid-head-button': {
    all: 'unset',
    cursor: 'pointer',
    display: 'flex',
    flexDirection: 'column',
    maxWidth: '100%',
    '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
  },
  '& .grid-head-sort': { color: 'primary.main' },
};

const resolved = new WeakMap<Theme, SerializedStyles>();

/**
 * gridSx resolved against the theme once per theme. Given as `sx`, the whole object was walked and
 * serialized again at each of the grid's renders, which is every scrolled frame.
 */
export function gridStyles(theme: Theme): SerializedStyles {
  let styles = resolved.get(theme);
  if (!styles) {
    // MUI's and Emotion's CSSObject types differ only in their declarations.
    styles = css(theme.unstable_sx(gridSx) as CSSObject);
    resolved.set(theme, styles);
  }
  return styles;
}
