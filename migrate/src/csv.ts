/**
 * A streaming RFC 4180 reader: quoted fields may hold commas, quotes ("") and line breaks.
 * Yields each record with the line it starts on (1-based), for error reports.
 */
export async function* csvRecords(
  chunks: AsyncIterable<string>,
): AsyncGenerator<{ line: number; cells: string[] }> {
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let afterQuote = false;
  let line = 1;
  let start = 1;
  let any = false;
  for await (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      if (quoted) {
        if (c === '"') {
          quoted = false;
          afterQuote = true;
        } else {
          if (c === '\n') line++;
          cell += c;
        }
        continue;
      }
      if (c === '"') {
        // A quote right after a closing quote is an escaped quote.
        if (afterQuote) cell += '"';
        quoted = true;
        afterQuote = false;
        any = true;
        continue;
      }
      afterQuote = false;
      if (c === ',') {
        cells.push(cell);
        cell = '';
        any = true;
      } else if (c === '\n') {
        cells.push(cell.endsWith('\r') ? cell.slice(0, -1) : cell);
        if (any || cells.some((x) => x !== '')) yield { line: start, cells };
        cells = [];
        cell = '';
        any = false;
        line++;
        start = line;
      } else {
        cell += c;
        any = true;
      }
    }
  }
  if (any || cell !== '' || cells.length > 0) {
    cells.push(cell.endsWith('\r') ? cell.slice(0, -1) : cell);
    yield { line: start, cells };
  }
}
