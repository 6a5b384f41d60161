// Every Excel import is one job (docs/imports.md): POST /upload/masterData or /upload/user
// answers it queued, GET /upload/jobs/{id} tells how it goes. One hook follows it.
import { queryOptions, useQuery, useQueryClient, type Query, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiGet } from '@/lib/api-client';

/** An import job (pkg/imports Job). */
export type UploadJob = {
  jobId: string;
  branchCode: string;
  type: string;
  fileName: string;
  status: 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';
  totalRows: number;
  added: number;
  updated: number;
  deleted: number;
  unchanged: number;
  skipped: number;
  /** User imports: invite the accounts added; how many were invited once the job is done. */
  sendEmail?: boolean;
  invited?: number;
  createdBy: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** Why a FAILED job failed, in the caller's language. */
  error?: string;
  /** A signed link (5 minutes) to the failed-rows workbook, when rows were skipped. */
  failedUrl?: string;
};

/** The counts a finished job reports. */
export type UploadJobCount = 'totalRows' | 'added' | 'updated' | 'deleted' | 'unchanged' | 'skipped' | 'invited';

/** How often a running import is asked about (docs/api.md: every 0.5–1 s). */
export const POLL_MS = 700;

export function isFinished(job: UploadJob | undefined): boolean {
  return job?.status === 'DONE' || job?.status === 'FAILED';
}

/** GET /upload/jobs/{id} — an import job of the current branch. */
export function getUploadJob(id: string): Promise<UploadJob> {
  return apiGet<UploadJob>(`/upload/jobs/${encodeURIComponent(id)}`, { silent: true });
}

/**
 * Asked again every POLL_MS until the job is DONE or FAILED — or until asking fails (a job
 * gone, the network down): the failure has been told (toast or notice), and asking on would
 * repeat it every 0.7 s.
 */
export function pollInterval(query: Pick<Query<UploadJob>, 'state'>): number | false {
  return isFinished(query.state.data) || query.state.status === 'error' ? false : POLL_MS;
}

export function getUploadJobQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['upload-job', id],
    queryFn: () => getUploadJob(id),
    refetchInterval: pollInterval,
    // the upload's answer seeds the job (setUploadJob); polling brings the news
    staleTime: Infinity,
  });
}

/**
 * Follows a job until it ends; then the lists under `reload` (the area's query key, a
 * module constant) are read again, since the import changed them.
 */
export function useUploadJob(id: string | null, reload: QueryKey) {
  const qc = useQueryClient();
  const q = useQuery({ ...getUploadJobQueryOptions(id ?? ''), enabled: id !== null });
  const finished = isFinished(q.data);
  useEffect(() => {
    if (finished) void qc.invalidateQueries({ queryKey: reload });
  }, [finished, qc, reload]);
  return q;
}
