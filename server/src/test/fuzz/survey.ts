import { signature } from './checks';
import type { FuzzRequest } from './common';
import { describeRequest } from './send';
import type { RawReply } from './send';

// What the fuzz reached (replies per generator and status) and, in survey mode, every bad reply.

export const SURVEY = process.env.FUZZ_SURVEY === '1';

/** Replies per generator and status, printed at the end to show what the fuzz reached. */
const statuses: Record<string, Record<number, number>> = {};
/** Survey mode: the 4xx errors per generator, to see which checks the fuzz reaches. */
const refusals: Record<string, Map<string, number>> = {};

interface SurveyEntry {
  problem: string;
  count: number;
  shortest: FuzzRequest;
  reply: RawReply;
  cause: string | undefined;
}
export const survey = new Map<string, SurveyEntry>();

/** Survey mode: the message of the last error the server logged (requests go one at a time). */
let serverError: string | undefined;

/** Forgets the error the server logged for the previous request. */
export function clearServerError(): void {
  serverError = undefined;
}

/** Survey mode: turns on the server's error log and keeps each error's message, not the line. */
export function captureServerErrors(log: { level: string }): void {
  log.level = 'error';
  // pino keeps its destination under Symbol(pino.stream); request loggers inherit it.
  const stream = Object.getOwnPropertySymbols(log).find((s) => s.description === 'pino.stream');
  if (!stream) return;
  (log as unknown as Record<symbol, unknown>)[stream] = {
    write(line: string) {
      try {
        const entry = JSON.parse(line) as { err?: { type?: string; message?: string; stack?: string } };
        const at = entry.err?.stack?.split('\n').find((l) => l.includes('/src/'));
        serverError = `${entry.err?.type}: ${entry.err?.message} ${at?.trim() ?? ''}`;
      } catch {
        serverError = line;
      }
    },
  };
}

/** Counts a reply by generator and status (and, in survey mode, by its error). */
export function tally(req: FuzzRequest, reply: RawReply): void {
  const counts = (statuses[req.kind] ??= {});
  counts[reply.status] = (counts[reply.status] ?? 0) + 1;
  if (SURVEY && reply.status >= 400) {
    const errors = (refusals[req.kind] ??= new Map());
    const sig = `${reply.status} ${signature(reply.text)}`;
    errors.set(sig, (errors.get(sig) ?? 0) + 1);
  }
}

/** Survey mode: records a bad reply, keeping the shortest request per distinct problem. */
export function recordBadReply(req: FuzzRequest, reply: RawReply, problem: string): void {
  const key = `${req.kind} ${problem} ${signature(reply.text)} ${serverError ?? ''}`;
  const prev = survey.get(key);
  const len = (r: FuzzRequest) => describeRequest(r).length;
  const cause = serverError;
  if (!prev) survey.set(key, { problem, count: 1, shortest: req, reply, cause });
  else {
    prev.count++;
    if (len(req) < len(prev.shortest)) Object.assign(prev, { shortest: req, reply, cause });
  }
}

/** Prints the survey (in survey mode) and the replies per generator and status. */
export function printReport(sent: number, startedAt: number): void {
  if (SURVEY) {
    const report = [...survey.values()]
      .map(
        (e) =>
          `== ${e.problem} (x${e.count})${e.cause ? `\nserver: ${e.cause}` : ''}\n${describeRequest(e.shortest)}\nreply: ${e.reply.text.slice(0, 500)}`,
      )
      .join('\n\n');
    if (survey.size) console.log(`fuzz survey: ${survey.size} distinct bad replies\n\n${report}`);
    const top = Object.entries(refusals)
      .map(
        ([kind, errors]) =>
          `${kind}:\n${[...errors.entries()]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 10)
            .map(([sig, n]) => `  ${n} x ${sig}`)
            .join('\n')}`,
      )
      .join('\n');
    console.log(`fuzz survey: most frequent refusals\n${top}`);
  }
  const histogram = Object.entries(statuses)
    .map(
      ([kind, counts]) =>
        `  ${kind}: ${Object.entries(counts)
          .map(([st, n]) => `${st}x${n}`)
          .join(' ')}`,
    )
    .join('\n');
  console.log(
    `fuzz (${process.env.SB_TEST_DB ?? 'pglite'}): ${sent} requests in ${((Date.now() - startedAt) / 1000).toFixed(1)} s\n${histogram}`,
  );
}
