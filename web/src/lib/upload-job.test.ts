import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { getUploadJobQueryOptions, pollInterval, POLL_MS, type UploadJob } from '@/lib/upload-job';

const job = (status: UploadJob['status']): UploadJob => ({
  jobId: 'j1', branchCode: 'SRP01', type: 'user', fileName: 'users.xlsx', status,
  totalRows: 2, added: 1, updated: 0, deleted: 0, unchanged: 0, skipped: 1,
  createdBy: 'D0005', createdAt: '2026-11-24T09:00:00Z', startedAt: null, finishedAt: null,
});

/** The job's query as the cache holds it, in a given state. */
function queryIn(state: { data?: UploadJob; error?: Error }) {
  const qc = new QueryClient();
  const q = qc.getQueryCache().build<UploadJob>(qc, { queryKey: getUploadJobQueryOptions('j1').queryKey });
  if (state.data) q.setData(state.data);
  if (state.error) q.setState({ status: 'error', error: state.error, fetchStatus: 'idle' });
  return q;
}

describe('the upload-job poller (every import)', () => {
  it('is the one rule of the job query', () => {
    expect(getUploadJobQueryOptions('j1').refetchInterval).toBe(pollInterval);
    expect(getUploadJobQueryOptions('j1').queryKey).toEqual(['upload-job', 'j1']);
  });

  it('asks every 0.7 s while the job is queued or running', () => {
    expect(POLL_MS).toBe(700);
    expect(pollInterval(queryIn({}))).toBe(POLL_MS);
    expect(pollInterval(queryIn({ data: job('QUEUED') }))).toBe(POLL_MS);
    expect(pollInterval(queryIn({ data: job('RUNNING') }))).toBe(POLL_MS);
  });

  it('stops when the job ends', () => {
    expect(pollInterval(queryIn({ data: job('DONE') }))).toBe(false);
    expect(pollInterval(queryIn({ data: job('FAILED') }))).toBe(false);
  });

  it('stops after an error, with the last answer still held (the users poller asked on forever)', () => {
    const gone = new ApiError(404, { code: 'NOT_FOUND', msg: 'not found', data: null }, false);
    expect(pollInterval(queryIn({ data: job('RUNNING'), error: gone }))).toBe(false);
    expect(pollInterval(queryIn({ error: new ApiError(0, null, true) }))).toBe(false);
  });
});
