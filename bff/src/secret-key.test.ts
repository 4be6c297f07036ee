import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { parseSecretKey, resolveSecretKey, SECRET_KEY_FILE } from './secret-key';

const HEX = 'a'.repeat(64);
const env = {
  UPSTREAM_URL: 'http://127.0.0.1:3100',
  UPSTREAM_APP_ID: 'id',
  UPSTREAM_APP_KEY: 'key',
  UPSTREAM_MASTER_KEY: 'master',
};

describe('console secret key', () => {
  it('reads 32 bytes as hex or base64 and nothing else', () => {
    expect(parseSecretKey(HEX)?.toString('hex')).toBe(HEX);
    const bytes = Buffer.alloc(32, 7);
    expect(parseSecretKey(bytes.toString('base64'))).toEqual(bytes);
    expect(parseSecretKey(` ${bytes.toString('base64url')}\n`)).toEqual(bytes);
    expect(parseSecretKey('a'.repeat(62))).toBeUndefined();
    expect(parseSecretKey(Buffer.alloc(16).toString('base64'))).toBeUndefined();
    expect(parseSecretKey('not a key')).toBeUndefined();
  });

  it('is configured by CONSOLE_SECRET_KEY, with a clear error when malformed', () => {
    expect(loadConfig({ ...env, CONSOLE_SECRET_KEY: HEX }).secretKey?.toString('hex')).toBe(HEX);
    expect(loadConfig(env).secretKey).toBeUndefined();
    expect(() => loadConfig({ ...env, CONSOLE_SECRET_KEY: 'short' })).toThrow(
      /CONSOLE_SECRET_KEY: must be 32 random bytes written as 64 hex digits or in base64/,
    );
    expect(() => loadConfig({ ...env, BFF_DATABASE_URL: 'postgres://x/y', BFF_DATA_DIR: 'memory' })).toThrow(
      /CONSOLE_SECRET_KEY: required with BFF_DATABASE_URL when BFF_DATA_DIR is memory/,
    );
  });

  it('without it, is generated once into the data folder and kept', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'bff-key-')), 'bff');
    const first = resolveSecretKey(undefined, dir);
    const file = join(dir, SECRET_KEY_FILE);
    expect(first.source).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.key.toString('hex'));
    expect(resolveSecretKey(undefined, dir).key).toEqual(first.key);
    expect(resolveSecretKey(Buffer.alloc(32, 1), dir)).toEqual({
      key: Buffer.alloc(32, 1),
      source: 'CONSOLE_SECRET_KEY',
    });
    expect(resolveSecretKey(undefined, undefined).key).toHaveLength(32);
    writeFileSync(file, 'garbage');
    expect(() => resolveSecretKey(undefined, dir)).toThrow(
      /console-secret.key: the console secret key must be 32/,
    );
  });
});
