import { useCallback, useRef, useState } from 'react';
import { downloadExport, saveBlob } from './download';
import type { ExportProgress, ExportRequest, ExportResult } from './download';

export type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; request: ExportRequest; progress: ExportProgress }
  | { phase: 'done'; request: ExportRequest; result: ExportResult }
  | { phase: 'failed'; request: ExportRequest; error: unknown };

/** One export download at a time: progress while it streams, cancel, then the file is saved. */
export function useExportDownload(save: (blob: Blob, filename: string) => void = saveBlob) {
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);

  const start = useCallback(
    (request: ExportRequest) => {
      abort.current?.abort();
      const stop = new AbortController();
      abort.current = stop;
      setState({ phase: 'running', request, progress: { bytes: 0, rows: 0 } });
      downloadExport(
        request,
        (progress) => setState({ phase: 'running', request, progress }),
        stop.signal,
      ).then(
        (result) => {
          if (stop.signal.aborted) return;
          save(result.blob, result.filename);
          setState({ phase: 'done', request, result });
        },
        (error: unknown) => {
          if (stop.signal.aborted) return;
          setState({ phase: 'failed', request, error });
        },
      );
    },
    [save],
  );

  const cancel = useCallback(() => {
    abort.current?.abort();
    abort.current = null;
    setState({ phase: 'idle' });
  }, []);

  return { state, start, cancel, close: cancel };
}
