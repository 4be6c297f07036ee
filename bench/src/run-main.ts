/**
 * How every benchmark runs its main(): exit 0 when done, 1 when something broke, 130 when
 * interrupted; in the last two cases after undoing what it started (child processes, databases,
 * a browser), which `undo` returns at the moment it is needed.
 */
export function runBenchmark(
  main: () => Promise<void>,
  undo: () => (() => Promise<void>) | undefined,
  /** Said on an interrupt, e.g. "stopping the API server and the BFF". */
  stopping: string,
): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: ${stopping}`);
      void (undo()?.() ?? Promise.resolve()).finally(() => process.exit(130));
    });
  }
  main().then(
    () => process.exit(0),
    async (e: unknown) => {
      console.error(`\nbenchmark failed: ${e instanceof Error ? e.message : String(e)}`);
      await undo()?.().catch(() => undefined);
      process.exit(1);
    },
  );
}
