/**
 * Limits on JSON the API accepts, checked without recursion so that hostile nesting cannot
 * exhaust the stack. 100 levels is MongoDB's document nesting limit, which LeanCloud inherited.
 */
export const MAX_JSON_DEPTH = 100;

export type JsonProblem = 'too_deep' | 'nul' | 'malformed_unicode';

/**
 * The first problem found in a decoded JSON value, or undefined. With `checkText` false only the
 * depth is checked (for a proxy that leaves judging the text to the API behind it).
 */
export function jsonProblem(
  value: unknown,
  maxDepth = MAX_JSON_DEPTH,
  checkText = true,
): JsonProblem | undefined {
  const stack: [unknown, number][] = [[value, 0]];
  const badText = (s: string): JsonProblem | undefined =>
    !checkText
      ? undefined
      : s.includes('\u0000')
        ? 'nul'
        : s.isWellFormed()
          ? undefined
          : 'malformed_unicode';
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (typeof v === 'string') {
      const p = badText(v);
      if (p) return p;
    } else if (v !== null && typeof v === 'object') {
      if (depth >= maxDepth) return 'too_deep';
      if (Array.isArray(v)) for (const item of v) stack.push([item, depth + 1]);
      else {
        for (const [k, item] of Object.entries(v)) {
          const p = badText(k);
          if (p) return p;
          stack.push([item, depth + 1]);
        }
      }
    }
  }
  return undefined;
}

/** Whether containers nest deeper than `max` in JSON text that JSON.parse has accepted. */
function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // Past the string: its closing quote is the next one not escaped by an odd run of backslashes.
      let end = text.indexOf('"', i + 1);
      for (;;) {
        let slashes = 0;
        while (text.charCodeAt(end - 1 - slashes) === 92) slashes++;
        if (slashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      i = end;
    } else if (c === 123 || c === 91) {
      if (++depth > max) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}

/** An escape that may decode to NUL or to half of a surrogate pair. */
const SUSPECT_ESCAPE = /\\u(?:0000|[dD][89a-fA-F])/;

/**
 * jsonProblem for a request body: the same answer, from the text JSON.parse has just accepted
 * (`parsed`) rather than from a walk over every decoded value, which on import batches of
 * thousands of objects cost the server a tenth of its time. In valid JSON text, NUL and lone
 * surrogates can only come from \u escapes: when the text holds one that might, the decoded value
 * is walked as before.
 */
export function parsedJsonProblem(
  text: string,
  parsed: unknown,
  maxDepth = MAX_JSON_DEPTH,
): JsonProblem | undefined {
  if (!text.isWellFormed() || SUSPECT_ESCAPE.test(text)) return jsonProblem(parsed, maxDepth);
  return nestsDeeperThan(text, maxDepth) ? 'too_deep' : undefined;
}

export const JSON_PROBLEM_MESSAGES: Record<JsonProblem, string> = {
  too_deep: `JSON may nest at most ${MAX_JSON_DEPTH} levels deep.`,
  nul: 'Text may not contain the NUL character (\\u0000).',
  malformed_unicode: 'Text must be valid Unicode (it contains an unpaired surrogate).',
};
