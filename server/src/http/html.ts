import type { FastifyReply } from 'fastify';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for HTML content and quoted attribute values. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** A small page; `title` is text, `bodyHtml` must already be escaped. */
export function htmlPage(title: string, bodyHtml: string): string {
  const t = escapeHtml(title);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${t}</title>
</head>
<body>
<main>
<h1>${t}</h1>
${bodyHtml}
</main>
</body>
</html>
`;
}

/**
 * Sends a page with headers for pages reached through secret links: nothing loads or runs
 * (no scripts, styles or frames; forms post only here), nothing is cached, and the URL, which
 * holds the secret, is not sent on as a referrer.
 */
export function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .headers({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy':
        "default-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
    })
    .send(html);
}
