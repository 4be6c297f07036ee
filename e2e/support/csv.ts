import { csvSafeText } from '@switchboard/shared';

/** RFC 4180 CSV as rows of fields: quoted fields, doubled quotes, CRLF or LF line ends. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endField();
      rows.push(row);
      row = [];
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    endField();
    rows.push(row);
  }
  return rows;
}

/** How the export writes one value (bff/src/domain/export/csv.ts), for comparing with the API's objects. */
export function expectedCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return csvSafeText(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const v = value as Record<string, unknown>;
  if (v.__type === 'Date') return String(v.iso);
  if (v.__type === 'Pointer') return String(v.objectId);
  return JSON.stringify(value);
}
