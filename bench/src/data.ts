/** The benchmark's class and its objects, generated from a seed so runs are comparable. */

export const CLASS = 'Bench';

/** Objects per group: an equality query on `group` matches exactly this many loaded objects. */
export const GROUP_SIZE = 100;

/** mulberry32: a small, fast, seeded generator of floats in [0, 1). */
export function rng(seed: number): () => number {
  let a = seed >>> 0 || 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TAGS = [
  'red',
  'green',
  'blue',
  'cyan',
  'magenta',
  'yellow',
  'black',
  'white',
  'alpha',
  'beta',
  'gamma',
  'delta',
];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const YEAR_MS = 365 * 24 * 3600 * 1000;
const EPOCH = Date.UTC(2025, 0, 1);

export interface BenchObject {
  n: number;
  group: string;
  score: number;
  name: string;
  tags: string[];
  when: { __type: 'Date'; iso: string };
}

export const groupCount = (total: number) => Math.max(1, Math.floor(total / GROUP_SIZE));

/** Object number i of a data set of `total` objects. */
export function makeObject(i: number, total: number, rand: () => number): BenchObject {
  let name = '';
  for (let k = 0; k < 12; k++) name += LETTERS[Math.floor(rand() * LETTERS.length)];
  const tagCount = 1 + Math.floor(rand() * 3);
  const tags: string[] = [];
  for (let k = 0; k < tagCount; k++) tags.push(TAGS[Math.floor(rand() * TAGS.length)] ?? 'red');
  return {
    n: i,
    group: `g${i % groupCount(total)}`,
    score: rand(),
    name,
    tags,
    when: { __type: 'Date', iso: new Date(EPOCH + Math.floor(rand() * YEAR_MS)).toISOString() },
  };
}

/** Objects written by the "batch of 100 writes" measurement: a group of their own. */
export function makeWriteObject(k: number, rand: () => number): BenchObject {
  return { ...makeObject(-1 - k, 1, rand), group: 'written' };
}
