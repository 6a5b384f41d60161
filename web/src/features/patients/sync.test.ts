import { describe, expect, it } from 'vitest';
import en from '@/locales/en/patients.json';
import th from '@/locales/th/patients.json';
import {
  isSyncRunning, REPORT_COUNTS, REPORT_LISTS, reportChanged, reportCounts, reportPatients, reportWarnings, SYNC_POLL_MS, syncPollInterval, syncProgress, WARNING_KINDS, type SyncJob,
} from '@/features/patients/sync';

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

  it('lists the warnings (a bed not found or not mapped, an allergy partly mapped), at most 20, named in Thai and English', () => {
    const w = (n: number) => ({ hnId: `HN${n}`, kind: 'locationNotFound' as const, code: `Location/${n}` });
    const report = { census: 30, skipped: 0, unchanged: 0, counts: {}, warnings: [
      ...Array.from({ length: 24 }, (_, i) => w(i)),
      { hnId: 'HN99', kind: 'somethingNew' as never, code: 'x' },
    ] };
    const { shown, more } = reportWarnings(report);
    expect(shown).toHaveLength(20);
    expect(more).toBe(4);
    expect(reportWarnings(null)).toEqual({ shown: [], more: 0 });
    for (const kind of WARNING_KINDS) {
      expect(th.sync.warnings[kind], kind).toBeTruthy();
      expect(en.sync.warnings[kind], kind).toBeTruthy();
    }
  });
});

describe('the sync history', () => {
  const item = (hnId: string) => ({ hnId, nameTh: 'ก', nameEn: 'A', ward: 'W01', room: '101' });
  it('lists the patients of each kind of change in order, the kinds with none left out', () => {
    const report = { census: 3, skipped: 0, unchanged: 0, counts: {}, discharged: [item('HN3')], admitted: [item('HN1'), item('HN2')], moved: [], diet: null };
    expect(reportPatients(report).map((l) => [l.kind, l.items.map((i) => i.hnId)])).toEqual([
      ['admitted', ['HN1', 'HN2']],
      ['discharged', ['HN3']],
    ]);
    expect(reportPatients(null)).toEqual([]);
  });
  it('counts the patients changed as admitted, updated and discharged; none before a report', () => {
    expect(reportChanged({ census: 90, skipped: 0, unchanged: 80, counts: { admitted: 1, updated: 7, discharged: 2, moved: 3 } })).toBe(10);
    expect(reportChanged(null)).toBeNull();
  });
  it('names every kind in Thai and English', () => {
    for (const lang of [en, th]) for (const kind of REPORT_LISTS) expect(lang.sync.counts[kind]).toBeTruthy();
  });
});
