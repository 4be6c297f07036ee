/* global document */
// The data browser benchmark's reference page (src/grid-floor.ts): React alone fetching one page
// of objects and rendering the rows a screen holds as a grid (as a virtualized grid does), the
// least any React console does for its first rows.
import { createElement as h, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

/** Rows of 30 px that fill a 900 px high window. */
const VISIBLE_ROWS = 30;

const cellText = (v) => (v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

function Grid() {
  const [rows, setRows] = useState();
  useEffect(() => {
    fetch('/rows')
      .then((r) => r.json())
      .then((body) => setRows(body.results));
  }, []);
  if (!rows) return h('p', null, 'Loading');
  const keys = Object.keys(rows[0] ?? {});
  const row = (cells, index, cell) =>
    h(
      'div',
      { role: 'row', 'aria-rowindex': index, key: index, style: { display: 'flex', height: 30 } },
      cells.map(cell),
    );
  return h(
    'div',
    { role: 'grid', 'aria-label': 'Objects', 'aria-rowcount': rows.length + 1 },
    row(keys, 1, (k) => h('div', { role: 'columnheader', key: k, style: { width: 160 } }, k)),
    rows
      .slice(0, VISIBLE_ROWS)
      .map((o, i) =>
        row(keys, i + 2, (k) =>
          h(
            'div',
            { role: 'gridcell', key: k, style: { width: 160, overflow: 'hidden', whiteSpace: 'nowrap' } },
            cellText(o[k]),
          ),
        ),
      ),
  );
}

createRoot(document.getElementById('root')).render(h(Grid));
