import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiGet } from '@/lib/api-client';
import { MASTER_DATA_KEY } from '@/features/master-data/api/search-master-data';
import type { ImportJob } from '@/features/master-data/api/upload-master-data';

/** How often a running import is asked about (docs/api.md: every 0.5–1 s). */
export const POLL_MS = 700;

export function isFinished(job: ImportJob | undefined): boolean {
  return job?.status === 'DONE' || job?.status === 'FAILED';
}

/** GET /upload/jobs/{id} — the import job of the current branch. */
export function getUploadJob(id: string): Promise<ImportJob> {
  return apiGet<ImportJob>(`/upload/jobs/${encodeURIComponent(id)}`, { silent: true });
}

export function getUploadJobQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...MASTER_DATA_KEY, { endpoint: 'uploadJob', id }],
    queryFn: () => getUploadJob(id),
    refetchInterval: (q) => (isFinished(q.state.data) || q.state.error ? false : POLL_MS),
    staleTime: Infinity,
  });
}

/** Follows a job until it is DONE or FAILED; the lists reload when it ends. */
export function useUploadJob(id: string | null) {
  const qc = useQueryClient();
  const q = useQuery({ ...getUploadJobQueryOptions(id ?? ''), enabled: id !== null });
  const finished = isFinished(q.data);
  useEffect(() => {
    if (finished) void qc.invalidateQueries({ queryKey: [...MASTER_DATA_KEY, { endpoint: 'search' }] });
  }, [finished, qc]);
  return q;
}
