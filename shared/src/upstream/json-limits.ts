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

export const JSON_PROBLEM_MESSAGES: Record<JsonProblem, string> = {
  too_deep: `JSON may nest at most ${MAX_JSON_DEPTH} levels deep.`,
  nul: 'Text may not contain the NUL character (\\u0000).',
  malformed_unicode: 'Text must be valid Unicode (it contains an unpaired surrogate).',
};
