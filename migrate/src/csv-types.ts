/**
 * LeanCloud's CSV layout (its data import guide, 导入数据 > CSV 格式文件, in the leancloud/docs
 * repository): the first row gives each column's type (`int`, `long`, `number`, `double`,
 * `string`, `date`, `boolean`, `file`, `array`, `object` ...), the second row the field names, and
 * the data starts on the third row. Types the guide does not list (pointer, geopoint, acl, bytes,
 * relation) are read as the JSON of their REST encoding when a cell holds JSON.
 */
const TIMESTAMPS = new Set(['createdAt', 'updatedAt']);

export class CsvCellError extends Error {}

function json(text: string, field: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new CsvCellError(`Column '${field}' should hold JSON, not ${JSON.stringify(text.slice(0, 40))}.`);
  }
}

/** One cell as the REST value it stands for; undefined for an empty cell (the field is absent). */
export function csvValue(type: string, field: string, text: string): unknown {
  if (text === '') return undefined;
  const t = type.trim().toLowerCase();
  switch (t) {
    case 'int':
    case 'long':
    case 'number':
    case 'double': {
      const n = Number(text);
      if (!Number.isFinite(n))
        throw new CsvCellError(`Column '${field}' (${t}) holds ${JSON.stringify(text)}.`);
      return n;
    }
    case 'boolean':
      if (/^(true|1)$/i.test(text)) return true;
      if (/^(false|0)$/i.test(text)) return false;
      throw new CsvCellError(`Column '${field}' (boolean) holds ${JSON.stringify(text)}.`);
    case 'date':
      if (TIMESTAMPS.has(field)) return text;
      return text.startsWith('{') ? json(text, field) : { __type: 'Date', iso: text };
    case 'file':
      return text.startsWith('{') ? json(text, field) : { __type: 'File', id: text };
    case 'string':
      return text;
    default:
      return /^[[{]/.test(text) ? json(text, field) : text;
  }
}

/** The object of one data row, given the type row and the name row. */
export function csvObject(types: string[], names: string[], cells: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  names.forEach((name, i) => {
    if (name === '') return;
    const v = csvValue(types[i] ?? 'string', name, cells[i] ?? '');
    if (v !== undefined) out[name] = v;
  });
  return out;
}
