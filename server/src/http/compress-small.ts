import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';

/** Smaller bodies are sent as they are: compression would save less than its headers cost. */
export const COMPRESS_MIN_BYTES = 1024;
/**
 * Bodies up to this size are compressed in one synchronous call (about 0.2 ms for 64 KB at these
 * levels); larger ones and streams go to @fastify/compress, which compresses in streams. Its
 * stream set-up costs about 0.8 ms a response on this kind of machine, which for a page of 100
 * messages or objects was a fifth of the request.
 */
export const COMPRESS_SYNC_MAX_BYTES = 64 * 1024;
/** Brotli quality 4: near gzip's speed, smaller output (the stream path uses the same). */
export const BROTLI_QUALITY = 4;

const negotiator = new Negotiator({ supportedValues: ['br', 'gzip'] });

/** Content types worth compressing: the API's JSON and the account pages' HTML. */
const COMPRESSIBLE = /^(application\/json|text\/)/i;

function withVary(current: unknown): string {
  const list = typeof current === 'string' && current ? current.split(/\s*,\s*/) : [];
  if (list.some((v) => v === '*' || v.toLowerCase() === 'accept-encoding')) return list.join(', ');
  return [...list, 'accept-encoding'].join(', ');
}

/**
 * Compresses small string and Buffer bodies synchronously, before @fastify/compress's own hook,
 * which then leaves them alone (they carry a Content-Encoding). Must be added before that plugin
 * is registered: hooks run in the order they were added.
 */
export function compressSmallBodies(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const size = Buffer.byteLength(payload);
    if (size < COMPRESS_MIN_BYTES || size > COMPRESS_SYNC_MAX_BYTES) return done(null, payload);
    if (reply.getHeader('Content-Encoding') || req.headers['x-no-compression'] !== undefined)
      return done(null, payload);
    const type = reply.getHeader('Content-Type');
    if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return done(null, payload);
    const accept = req.headers['accept-encoding'];
    if (!accept) return done(null, payload);
    // As @fastify/compress reads it: "*" and x-gzip mean gzip.
    const encoding = negotiator.negotiate(accept.toLowerCase().replace(/\*|x-gzip/g, 'gzip'));
    if (!encoding) return done(null, payload);
    const body =
      encoding === 'br'
        ? brotliCompressSync(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
        : gzipSync(payload);
    reply.header('Vary', withVary(reply.getHeader('Vary')));
    reply.header('Content-Encoding', encoding);
    reply.removeHeader('Content-Length');
    return done(null, body);
  });
}
