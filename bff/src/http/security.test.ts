import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSP_NONCE_PLACEHOLDER } from '@switchboard/shared';
import { ConsoleClient, startBff, testConfig } from '../test/harness';
import type { TestBff } from '../test/harness';

let bff: TestBff;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'bff-web-'));
  writeFileSync(
    join(dist, 'index.html'),
    `<html><head><script nonce="${CSP_NONCE_PLACEHOLDER}" type="module" src="/assets/app.js"></script></head></html>`,
  );
  // Nothing here calls an app, so its address is never reached.
  bff = await startBff(testConfig('http://127.0.0.1:9', { webDist: dist }));
});
afterAll(async () => {
  await bff?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('security headers', () => {
  it('give each page a strict CSP whose fresh nonce is the one its scripts carry', async () => {
    const c = new ConsoleClient(bff.url);
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const page = await c.call('GET', '/apps/default/data');
      const csp = page.headers.get('content-security-policy') ?? '';
      const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, csp).toBeDefined();
      expect(page.text).toContain(`nonce="${nonce}"`);
      expect(page.text).not.toContain(CSP_NONCE_PLACEHOLDER);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      nonces.push(nonce ?? '');
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('let a JSON answer run and embed nothing, signed in or not, success or error', async () => {
    const c = new ConsoleClient(bff.url);
    for (const path of ['/api/setup', '/api/session', '/api/no-such-route', '/healthz']) {
      const r = await c.call('GET', path);
      expect(r.headers.get('content-security-policy'), path).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(r.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(r.headers.get('x-frame-options'), path).toBe('DENY');
      expect(r.headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(r.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
    }
  });
});
