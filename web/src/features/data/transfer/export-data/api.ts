import { z } from 'zod';
import { upstreamGet, upstreamSend } from '../../../../lib/api';

/** Doc 1 "Export task": running, then done with a download link (our server may also fail it). */
export const exportTaskSchema = z.looseObject({
  status: z.string(),
  id: z.string(),
  download_url: z.string().optional(),
  error: z.unknown().optional(),
});
export type ExportTask = z.infer<typeof exportTaskSchema>;

export interface ExportDataOptions {
  /** Comma-separated class names; all classes when empty. */
  classes?: string;
  onlySchema?: boolean;
}

/** The body Doc 1 takes: every member optional, `only-schema` as the string "true". */
export function exportDataBody(o: ExportDataOptions): Record<string, string> {
  const body: Record<string, string> = {};
  const classes = (o.classes ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '')
    .join(',');
  if (classes) body.classes = classes;
  if (o.onlySchema) body['only-schema'] = 'true';
  return body;
}

export const startExportData = (app: string, o: ExportDataOptions) =>
  upstreamSend(app, 'POST', '/1.1/exportData', exportTaskSchema, { body: exportDataBody(o) });

export const getExportTask = (app: string, id: string, signal?: AbortSignal) =>
  upstreamGet(app, `/1.1/exportData/${encodeURIComponent(id)}`, exportTaskSchema, { signal });

/** Whether polling should go on: only a running task changes. */
export const isRunning = (task: ExportTask | undefined): boolean => task?.status === 'running';
