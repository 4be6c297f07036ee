import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const dir = mkdtempSync(join(tmpdir(), 'apps-file-'));
function file(content: unknown): string {
  const path = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const shop = {
  id: 'shop',
  name: 'Shop',
  baseUrl: 'https://api.shop.example/',
  appId: 'shop-id',
  appKeyEnv: 'SHOP_APP_KEY',
  masterKeyEnv: 'SHOP_MASTER_KEY',
};
const env = { SHOP_APP_KEY: 'shop-app-key', SHOP_MASTER_KEY: 'shop-master-key' };

describe('the apps file', () => {
  it('configures several apps, their keys read from the environment variables it names', () => {
    const path = file({
      apps: [shop, { ...shop, id: 'blog', name: 'Blog', capabilities: ['storage'] }],
    });
    const config = loadConfig({ ...env, CONSOLE_APPS_FILE: path });
    expect(config.apps).toEqual([
      {
        id: 'shop',
        name: 'Shop',
        baseUrl: 'https://api.shop.example',
        appId: 'shop-id',
        appKey: 'shop-app-key',
        masterKey: 'shop-master-key',
        capabilities: undefined,
      },
      expect.objectContaining({ id: 'blog', capabilities: ['storage'] }),
    ]);
  });

  it.each([
    ['a key written in the file', { apps: [{ ...shop, masterKey: 'oops' }] }, /environment variables/],
    [
      'an unset key variable',
      { apps: [{ ...shop, masterKeyEnv: 'NOT_SET_ANYWHERE' }] },
      /NOT_SET_ANYWHERE is not set/,
    ],
    ['a duplicate id', { apps: [shop, shop] }, /"shop" is used twice/],
    ['a bad id', { apps: [{ ...shop, id: 'Shop App' }] }, /apps\.0\.id/],
    ['no apps', { apps: [] }, /at least one app/],
    ['not JSON', '{apps:', /invalid apps file/],
  ])('refuses %s with a message naming the problem', (_name, content, message) => {
    expect(() => loadConfig({ ...env, CONSOLE_APPS_FILE: file(content) })).toThrow(message);
  });

  it('without a file, one app `default` comes from UPSTREAM_*, and missing ones are named', () => {
    const config = loadConfig({
      UPSTREAM_URL: 'http://127.0.0.1:3100',
      UPSTREAM_APP_ID: 'id',
      UPSTREAM_APP_KEY: 'k',
      UPSTREAM_MASTER_KEY: 'm',
    });
    expect(config.apps.map((a) => a.id)).toEqual(['default']);
    expect(() => loadConfig({ UPSTREAM_URL: 'http://127.0.0.1:3100' })).toThrow(/UPSTREAM_APP_ID: required/);
  });
});
