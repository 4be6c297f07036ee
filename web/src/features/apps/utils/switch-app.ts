import { CONSOLE_AREAS, paths } from '../../../lib/paths';
import type { ConsoleArea } from '../../../lib/paths';

/**
 * Where to go when another app is chosen: the same area of the new app. Anything deeper (a
 * class, an object) belongs to the old app and is dropped.
 */
export function switchAppPath(pathname: string, nextApp: string): string {
  const area = pathname.split('/')[3];
  const known = (CONSOLE_AREAS as readonly string[]).includes(area ?? '') ? (area as ConsoleArea) : 'data';
  return paths.area(nextApp, known);
}
