import { cqlError } from './errors';

const REGEX_SPECIAL = /[\\^$.|?*+()[\]{}]/g;

/**
 * `like` as a regular expression over the whole value: `%` is any text, `[...]` a character set
 * (the guide's way to match brackets, `[(]`), everything else literal. `_` stays literal as on
 * LeanCloud, whose like only rewrote `%`, so names such as 'img_%' mean what they did there.
 */
export function likeToRegex(pattern: unknown, text: string, at: number | undefined): string {
  if (typeof pattern !== 'string') throw cqlError(text, at, "like needs a text pattern such as 'dennis%'.");
  let out = '^';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] ?? '';
    const close = c === '[' ? pattern.indexOf(']', i + 2) : -1;
    if (c === '%') out += '.*';
    else if (close > 0) {
      out += pattern.slice(i, close + 1);
      i = close;
    } else out += c.replace(REGEX_SPECIAL, '\\$&');
  }
  return `${out}$`;
}

const LEADING_FLAGS = /^\(\?([imsx]+)\)/;

/**
 * `regexp` takes the pattern as written; leading inline flags such as `(?i)` (which MongoDB, and so
 * LeanCloud, honoured) become the `$options` of the `where` language.
 */
export function regexpOperand(
  pattern: unknown,
  text: string,
  at: number | undefined,
): { $regex: string; $options?: string } {
  if (typeof pattern !== 'string') throw cqlError(text, at, "regexp needs a text pattern such as '^dennis'.");
  const flags = LEADING_FLAGS.exec(pattern);
  if (!flags) return { $regex: pattern };
  return { $regex: pattern.slice(flags[0].length), $options: [...new Set(flags[1])].join('') };
}
