import { describe, expect, it } from 'vitest';
import { createStyleCache, CSP_NONCE_PLACEHOLDER, readCspNonce } from './csp';

function page(meta: string): Document {
  return new DOMParser().parseFromString(`<html><head>${meta}</head></html>`, 'text/html');
}

describe('readCspNonce', () => {
  it('reads the nonce the server put into the page', () => {
    expect(readCspNonce(page('<meta property="csp-nonce" nonce="abc123">'))).toBe('abc123');
  });

  it('ignores a missing meta and the unreplaced build placeholder', () => {
    expect(readCspNonce(page(''))).toBeUndefined();
    expect(
      readCspNonce(page(`<meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">`)),
    ).toBeUndefined();
  });
});

describe('createStyleCache', () => {
  it('stamps the nonce on the style elements it creates', () => {
    expect(createStyleCache('abc123').nonce).toBe('abc123');
    expect(createStyleCache(undefined).nonce).toBeUndefined();
  });
});
