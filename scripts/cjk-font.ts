import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { run } from './lib';

/** Debian packages with Chinese glyphs, best first. */
const PACKAGES = ['fonts-noto-cjk', 'fonts-wqy-microhei'];

/** The font families fontconfig (which Chromium uses) offers for Chinese; none when it is missing. */
export async function chineseFonts(): Promise<string[]> {
  try {
    const { stdout } = await promisify(execFile)('fc-list', [':lang=zh', 'family']);
    return stdout.split('\n').filter((line) => line.trim() !== '');
  } catch {
    return [];
  }
}

/**
 * The Chinese journeys measure labels and take screenshots: without a CJK font Chromium draws
 * boxes of another width, and a cut-off label could pass unseen. Install one when it is missing.
 */
export async function ensureCjkFont(): Promise<void> {
  if ((await chineseFonts()).length > 0) return;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    throw new Error(
      'No Chinese font is installed. Install one (Debian: sudo apt-get install -y fonts-noto-cjk, or fonts-wqy-microhei).',
    );
  }
  console.log('installing a CJK font for the Chinese end-to-end journeys…');
  await run('apt-get', ['update', '-qq']);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const name of PACKAGES) {
    try {
      await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', name], { env });
    } catch {
      continue; // not in this distribution's lists: try the next one
    }
    if ((await chineseFonts()).length > 0) return;
  }
  throw new Error(`apt-get could not install a Chinese font (tried ${PACKAGES.join(', ')}).`);
}
