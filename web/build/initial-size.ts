import { gzipSync } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

/** The console's budget for the JavaScript a first visit downloads before anything shows. */
export const INITIAL_JS_BUDGET_BYTES = 250 * 1024;

interface ChunkInfo {
  code: string;
  imports: string[];
  isEntry: boolean;
}

/**
 * The chunks a page loads before it can render: each entry and everything it imports statically.
 * Chunks reached only through dynamic import() (the routes loaded on demand) are not counted.
 */
export function initialChunks(bundle: Record<string, ChunkInfo | { type: 'asset' }>): string[] {
  const chunks = new Map<string, ChunkInfo>();
  for (const [name, item] of Object.entries(bundle)) if ('code' in item) chunks.set(name, item);
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const dep of chunks.get(name)?.imports ?? []) visit(dep);
  };
  for (const [name, c] of chunks) if (c.isEntry) visit(name);
  return [...seen].sort();
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Prints the gzip size of the initial JavaScript after each production build and fails the build
 * when it is over budget, so a change that pulls a large library into the first load is seen at
 * once rather than in a slower console.
 */
export function initialSizeReport(budget = INITIAL_JS_BUDGET_BYTES): Plugin {
  let logger: Logger | undefined;
  return {
    name: 'switchboard-initial-size',
    apply: 'build',
    configResolved(config) {
      logger = config.logger;
    },
    generateBundle(_options, bundle) {
      const names = initialChunks(bundle);
      let total = 0;
      const lines = names.map((name) => {
        const item = bundle[name];
        const size = item && 'code' in item ? gzipSync(item.code).length : 0;
        total += size;
        return `  ${name.padEnd(44)} ${kb(size).padStart(9)} gzip`;
      });
      const verdict = total <= budget ? 'within' : 'OVER';
      logger?.info(
        `initial JavaScript: ${kb(total)} gzip in ${names.length} chunks, ${verdict} the ${kb(budget)} budget\n${lines.join('\n')}`,
      );
      if (total > budget)
        this.error(`The initial JavaScript is ${kb(total)} gzip, over the ${kb(budget)} budget.`);
    },
  };
}
