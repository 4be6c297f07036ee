export interface CurlQuery {
  className: string;
  /** The API's `where`, as JSON text. */
  where?: string | undefined;
  order?: string | undefined;
  limit?: number | undefined;
  skip?: number | undefined;
  keys?: string | undefined;
}

/** Single-quoted for a POSIX shell: nothing inside is expanded; a quote is closed, escaped, reopened. */
export const shellQuote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * The page's query as a curl command against the app's own API, runnable in a shell where
 * LC_BASE_URL, LC_APP_ID and LC_APP_KEY are set: the console never puts keys in it.
 */
export function curlCommand(q: CurlQuery): string {
  const params: [string, string][] = [];
  if (q.where) params.push(['where', q.where]);
  if (q.order) params.push(['order', q.order]);
  if (q.keys) params.push(['keys', q.keys]);
  if (q.limit !== undefined) params.push(['limit', String(q.limit)]);
  if (q.skip) params.push(['skip', String(q.skip)]);
  const lines = [
    `curl -G "$LC_BASE_URL/1.1/classes/${encodeURIComponent(q.className)}"`,
    `-H "X-LC-Id: $LC_APP_ID"`,
    `-H "X-LC-Key: $LC_APP_KEY"`,
    ...params.map(([k, v]) => `--data-urlencode ${shellQuote(`${k}=${v}`)}`),
  ];
  return lines.join(' \\\n  ');
}
