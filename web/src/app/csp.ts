import createCache from '@emotion/cache';
import type { EmotionCache } from '@emotion/cache';
import { CSP_NONCE_PLACEHOLDER } from '@switchboard/shared';

/**
 * MUI styles through emotion, which adds <style> elements at run time. A CSP without
 * 'unsafe-inline' in style-src blocks them unless they carry the response's nonce. The build puts
 * this placeholder into index.html (Vite `html.cspNonce`: a <meta property="csp-nonce"> and the
 * nonce attribute of each script/link); the server that sends index.html replaces every
 * occurrence with a fresh random nonce per response and names it in the CSP header.
 */
export { CSP_NONCE_PLACEHOLDER };

/** The nonce of this page load, if the server supplied one. */
export function readCspNonce(doc: Document = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  // Browsers hide the nonce attribute once applied; the property still holds it.
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || undefined;
  return nonce && nonce !== CSP_NONCE_PLACEHOLDER ? nonce : undefined;
}

export function createStyleCache(nonce: string | undefined): EmotionCache {
  return createCache(nonce ? { key: 'sb', nonce } : { key: 'sb' });
}
