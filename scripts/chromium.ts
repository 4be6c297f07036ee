import { existsSync } from 'node:fs';
import { run } from './lib';

/** Debian's Chromium is what the end-to-end tests drive; install it when it is missing. */
export async function ensureChromium(): Promise<string> {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return path;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    throw new Error(
      `Chromium is missing at ${path}. Install it (Debian: sudo apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
  console.log('installing Debian chromium for the end-to-end tests…');
  await run('apt-get', ['update', '-qq']);
  await run('apt-get', ['install', '-y', '-qq', 'chromium'], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (!existsSync(path))
    throw new Error(`apt-get installed chromium but ${path} is still missing; set CHROMIUM_PATH`);
  return path;
}
