/** Collects positional parameters while SQL text is being built. */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** A copy to extend without changing this one (a filter shared by a query and its count). */
  clone(): Params {
    const copy = new Params();
    copy.values.push(...this.values);
    return copy;
  }

  /** A JSON value as a jsonb parameter; both drivers take it as text. */
  json(value: unknown): string {
    return `${this.add(JSON.stringify(value))}::jsonb`;
  }
}
