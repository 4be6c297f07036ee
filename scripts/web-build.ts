import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pnpm, root } from './lib';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds web/dist unless it is newer than every source file of web/ and shared/. */
export async function ensureWebBuild(): Promise<void> {
  const index = join(root, 'web/dist/index.html');
  const sources = ['web/src', 'web/index.html', 'web/vite.config.ts', 'shared/src'].map((p) => join(root, p));
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const changed = Math.max(
    ...sources
      .filter(existsSync)
      .map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)),
  );
  if (built > changed) return;
  console.log('building the console web app…');
  await pnpm(['--filter', '@switchboard/web', 'build']);
}
