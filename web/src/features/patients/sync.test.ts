import { describe, expect, it } from 'vitest';
import en from '@/locales/en/patients.json';
import th from '@/locales/th/patients.json';
import { isSyncRunning, REPORT_COUNTS, reportCounts, SYNC_POLL_MS, syncPollInterval, syncProgress, type SyncJob } from '@/features/patients/sync';

const job = (over: Partial<SyncJob>): SyncJob => ({
  jobId: 'j1', branchCode: 'SRP01', status: 'RUNNING', running: true, phase: 'IMPORTING', phaseLabel: 'Importing',
  progress: 40, census: 12, createdBy: 'E001', createdAt: '2026-11-24T09:00:00Z', startedAt: '2026-11-24T09:00:01Z', finishedAt: null,
  ...over,
});
const state = (data: SyncJob | null | undefined, status: 'success' | 'error' | 'pending' = 'success') => ({ state: { data, status } }) as never;

describe('the hospital sync poller', () => {
  it('asks every 2 s while the sync is queued or running', () => {
    expect(SYNC_POLL_MS).toBe(2000);
    expect(syncPollInterval(state(job({})))).toBe(2000);
    expect(syncPollInterval(state(job({ status: 'QUEUED', phase: 'QUEUED', running: true, progress: 0 })))).toBe(2000);
  });

  it('stops once it ended, when the branch never synced, or when asking failed', () => {
    expect(syncPollInterval(state(job({ status: 'DONE', phase: 'DONE', running: false, progress: 100 })))).toBe(false);
    expect(syncPollInterval(state(job({ status: 'FAILED', phase: 'FAILED', running: false })))).toBe(false);
    expect(syncPollInterval(state(null))).toBe(false);
    expect(syncPollInterval(state(job({}), 'error'))).toBe(false);
    expect(isSyncRunning(undefined)).toBe(false);
  });
});

describe('the sync dialog', () => {
  it('shows the progress of a running sync, full and green when done, red at the point it failed', () => {
    expect(syncProgress(job({ progress: 40 }))).toEqual({ percent: 40, status: 'active' });
    expect(syncProgress(job({ progress: 140 }))).toEqual({ percent: 100, status: 'active' });
    expect(syncProgress(job({ status: 'DONE', running: false, progress: 100 }))).toEqual({ percent: 100, status: 'success' });
    expect(syncProgress(job({ status: 'FAILED', running: false, progress: 30 }))).toEqual({ percent: 30, status: 'exception' });
  });

  it("lists every count of the report in order, 0 for one the report lacks, nothing before it ends", () => {
    const counts = reportCounts({ census: 12, skipped: 1, unchanged: 7, counts: { admitted: 2, moved: 1, discharged: 1, npo: 3, unmapped: 4, unchanged: 7, skipped: 1 } });
    expect(counts.map((c) => c.key)).toEqual([...REPORT_COUNTS]);
    const value = Object.fromEntries(counts.map((c) => [c.key, c.value]));
    expect(value).toMatchObject({ admitted: 2, moved: 1, discharged: 1, npo: 3, diet: 0, allergiesNeedPerson: 0, unmapped: 4, unchanged: 7, skipped: 1 });
    expect(reportCounts(null)).toEqual([]);
  });

  it('names every count in Thai and English', () => {
    for (const key of REPORT_COUNTS) {
      expect(th.sync.counts[key], key).toBeTruthy();
      expect(en.sync.counts[key], key).toBeTruthy();
    }
  });
});
