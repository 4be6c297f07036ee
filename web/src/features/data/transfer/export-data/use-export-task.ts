import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getExportTask, isRunning, startExportData } from './api';
import type { ExportDataOptions } from './api';

export const EXPORT_POLL_MS = 2000;

/** Starts an exportData task and follows it until it is no longer running. */
export function useExportTask(app: string) {
  const [taskId, setTaskId] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: (o: ExportDataOptions) => startExportData(app, o),
    onSuccess: (task) => setTaskId(task.id),
  });
  const status = useQuery({
    queryKey: ['export-data', app, taskId],
    queryFn: ({ signal }) => getExportTask(app, taskId ?? '', signal),
    enabled: taskId !== null,
    refetchInterval: (q) => (isRunning(q.state.data) || q.state.data === undefined ? EXPORT_POLL_MS : false),
  });
  return {
    start: (o: ExportDataOptions) => start.mutate(o),
    starting: start.isPending,
    task: status.data ?? start.data,
    error: start.error ?? status.error,
    reset: () => {
      setTaskId(null);
      start.reset();
    },
  };
}
