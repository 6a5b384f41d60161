import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { USERS_AREA } from '@/features/users/api/keys';
import type { UploadJob } from '@/features/users/types';

/** GET /upload/jobs/{id} — an import job, polled until DONE or FAILED. */
export function getUploadJob(id: string): Promise<UploadJob> {
  return apiGet<UploadJob>(`/upload/jobs/${encodeURIComponent(id)}`, { silent: true });
}

export function isFinished(job: UploadJob | undefined): boolean {
  return job?.status === 'DONE' || job?.status === 'FAILED';
}

export function getUploadJobQueryOptions(id: string) {
  return queryOptions({
    queryKey: [USERS_AREA, { endpoint: 'uploadJob', id }],
    queryFn: () => getUploadJob(id),
    staleTime: 0,
    // Every 0.75 s until the job ends (docs/api.md asks for 0.5–1 s).
    refetchInterval: (q) => (isFinished(q.state.data) ? false : 750),
  });
}

export function useUploadJob(id: string | null) {
  return useQuery({ ...getUploadJobQueryOptions(id ?? ''), enabled: !!id });
}
