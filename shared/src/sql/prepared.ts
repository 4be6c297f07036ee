/**
 * Which statement texts a Postgres pool runs as named (prepared) statements. A prepared statement
 * is parsed once per connection and, after a few runs, Postgres may keep a generic plan for it, so
 * a hot read (the same text with new values every time) stops paying parse, analysis and planning
 * on each request. Callers ask for it only where one plan suits every value (a get by primary
 * key): a generic plan is costed for an average value, which a skewed field's rare value is not. A text is named the second time it is
 * seen; at most `max` texts are named per process, so each connection holds a bounded set of
 * plans however many shapes of query an app sends (the rest run as unnamed statements, as before).
 * Postgres re-plans a prepared statement itself when a table or index it uses changes.
 */
export class PreparedNames {
  private readonly named = new Map<string, string>();
  private readonly seenOnce = new Set<string>();

  constructor(
    private readonly max = 200,
    private readonly seenMax = 5000,
  ) {}

  /** The statement name for `text`, or undefined to run it unnamed. */
  nameFor(text: string): string | undefined {
    const name = this.named.get(text);
    if (name !== undefined || this.named.size >= this.max) return name;
    if (!this.seenOnce.has(text)) {
      if (this.seenOnce.size >= this.seenMax) this.seenOnce.clear();
      this.seenOnce.add(text);
      return undefined;
    }
    this.seenOnce.delete(text);
    // Names are unique in the process and every connection of the pool maps a name to one text.
    const next = `sb_${this.named.size}`;
    this.named.set(text, next);
    return next;
  }

  get size(): number {
    return this.named.size;
  }
}
