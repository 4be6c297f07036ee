// Characters no translation contains.
const mark = (i: number) => `\uE000${i}\uE001`;

/**
 * A message translated once and then filled by joining strings: for text repeated in every row of
 * a grid, where calling `t` per row (lookup, options, interpolation) is a good part of a scrolled
 * frame. `translate` is called once with markers for the values. Only for plain `{{name}}`
 * placeholders, not formatted ones (`{{n, number}}`).
 */
export function messageTemplate<N extends string>(
  names: readonly N[],
  translate: (marks: Record<N, string>) => string,
): (values: Record<N, string>) => string {
  const text = translate(Object.fromEntries(names.map((n, i) => [n, mark(i)])) as Record<N, string>);
  // Literal text at even indexes, placeholder numbers at odd ones.
  const parts = text.split(/\uE000(\d+)\uE001/);
  return (values) => {
    let out = parts[0] ?? '';
    for (let i = 1; i < parts.length; i += 2) {
      const name = names[Number(parts[i])];
      out += (name === undefined ? '' : values[name]) + (parts[i + 1] ?? '');
    }
    return out;
  };
}
