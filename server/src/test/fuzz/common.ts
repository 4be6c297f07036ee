import fc from 'fast-check';
import type { AuthMode } from '../harness';

// The request type, the classes and the seeded ids every fuzz generator shares.

/** One request as sent on the wire. `path` is already encoded and may carry a query string. */
export interface FuzzRequest {
  /** Which generator made it (groups failures in survey mode). */
  kind: string;
  method: string;
  path: string;
  query?: Record<string, string>;
  auth: AuthMode;
  headers?: Record<string, string>;
  /** Raw body; a byte array for bodies that are not valid UTF-8. */
  body?: string | Uint8Array;
}

/** Classes the fuzz writes to; seeded objects live in `FUZZ_CLASS` and `FUZZ_PATH_CLASS`. */
export const FUZZ_CLASS = 'Fuzz';
export const FUZZ_OTHER_CLASS = 'FuzzOther';
export const FUZZ_PATH_CLASS = 'FuzzPath';
export const FUZZ_TARGET_CLASS = 'FuzzTarget';
export const FUZZ_DEEP_CLASS = 'FuzzDeep';

/** Fields the seeded objects carry, so `where`, `order`, `keys` and `include` meet real values. */
export const SEED_FIELDS = ['s', 'n', 'f', 'b', 'arr', 'obj', 'when', 'ptr', 'loc', 'bytes', 'nul', 'tags'];

/** The ids of seeded objects, filled in by the test before any generator runs. */
export const seeded = {
  ids: [] as string[],
  pathIds: [] as string[],
  targetIds: [] as string[],
  /** Scan cursors of FUZZ_CLASS (empty while the server has no scan). */
  cursors: [] as string[],
};

/** One of the seeded ids, read when a value is generated (the arbitraries are built before seeding). */
export const seededId = (which: keyof typeof seeded) =>
  fc.constant(which).chain((w) => (seeded[w].length ? fc.constantFrom(...seeded[w]) : fc.constant('none')));

export type Entries = [string, unknown][];

/** Builds an object without letting "__proto__" change the prototype. */
export function fromEntries(entries: Entries): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries)
    Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}
