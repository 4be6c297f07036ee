/**
 * Runs a command and copies everything it prints, stdout and stderr, to a log file as well as to
 * this process's own stdout and stderr:
 *
 *   node --import tsx support/tee.ts <log file> <command> [args...]
 *
 * The end-to-end config starts the API server and the console backend through it so that the
 * global teardown can search every line they printed. Writes to the file are synchronous: at the
 * end of a run Playwright kills the whole process group, and no line may be lost to a buffer.
 * Signals are passed on to the command and its exit code becomes this process's.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, openSync, writeSync } from 'node:fs';
import { constants } from 'node:os';
import { dirname } from 'node:path';

const [file, command, ...args] = process.argv.slice(2);
if (!file || !command) {
  console.error('usage: node --import tsx support/tee.ts <log file> <command> [args...]');
  process.exit(2);
}

mkdirSync(dirname(file), { recursive: true });
const log = openSync(file, 'w');
const child = spawn(command, args, { stdio: ['inherit', 'pipe', 'pipe'] });
child.stdout.on('data', (chunk: Buffer) => {
  writeSync(log, chunk);
  process.stdout.write(chunk);
});
child.stderr.on('data', (chunk: Buffer) => {
  writeSync(log, chunk);
  process.stderr.write(chunk);
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on('error', (e) => {
  const message = `tee: cannot run ${command}: ${e.message}\n`;
  writeSync(log, message);
  process.stderr.write(message);
  process.exit(127);
});
// 'close', not 'exit': by then the command's output has been read to the end.
child.on('close', (code, signal) => {
  process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0));
});
