/** What happened to one class (or one relation field) of the export. */
export interface ClassReport {
  name: string;
  read: number;
  written: number;
  /** Already present with the same or a newer updatedAt (or a relation member already there). */
  skipped: number;
  failed: number;
  /** The first failures, each with the file and line or index it came from. */
  failures: { where: string; message: string }[];
}

export interface ImportReport {
  classes: ClassReport[];
  ignoredFiles: { path: string; reason: string }[];
  seconds: number;
}

export const MAX_LISTED_FAILURES = 50;

export function emptyClassReport(name: string): ClassReport {
  return { name, read: 0, written: 0, skipped: 0, failed: 0, failures: [] };
}

export function addFailure(r: ClassReport, where: string, message: string): void {
  r.failed++;
  if (r.failures.length < MAX_LISTED_FAILURES) r.failures.push({ where, message });
}

export const hasFailures = (report: ImportReport) => report.classes.some((c) => c.failed > 0);

export function totalRead(report: ImportReport): number {
  return report.classes.reduce((n, c) => n + c.read, 0);
}

/** The report as the CLI prints it: one line per class, then the failures with their reasons. */
export function formatReport(report: ImportReport): string {
  const width = Math.max(5, ...report.classes.map((c) => c.name.length));
  const head = `${'class'.padEnd(width)}  ${['read', 'written', 'skipped', 'failed'].map((h) => h.padStart(8)).join('')}`;
  const rows = report.classes.map(
    (c) =>
      `${c.name.padEnd(width)}  ${[c.read, c.written, c.skipped, c.failed].map((n) => String(n).padStart(8)).join('')}`,
  );
  const out = [head, ...rows];
  const read = totalRead(report);
  const rate = report.seconds > 0 ? Math.round(read / report.seconds) : read;
  out.push('', `${read} objects read in ${report.seconds.toFixed(1)} s (${rate} objects/s).`);
  out.push('Skipped: already present with the same or a newer updatedAt; nothing was overwritten.');
  for (const f of report.ignoredFiles) out.push(`Ignored file ${f.path}: ${f.reason}.`);
  for (const c of report.classes.filter((x) => x.failed > 0)) {
    out.push(
      '',
      `${c.name}: ${c.failed} failed${c.failed > c.failures.length ? ` (first ${c.failures.length} listed)` : ''}`,
    );
    for (const f of c.failures) out.push(`  ${f.where}: ${f.message}`);
  }
  return out.join('\n');
}
