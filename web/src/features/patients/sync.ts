// The hospital sync (docs/api.md "The hospital sync"): what checkProcessApiPatient answers and
// the pure rules of the sync dialog (how often to ask, what the report shows).
import type { Query } from '@tanstack/react-query';

/** A report's patient (one per kind of change). */
export type SyncItem = { hnId: string; nameTh: string; nameEn: string; ward: string; room: string; allergies?: string[] };

/** The kinds of a report's warning (pkg/patientsync Warn*). */
export const WARNING_KINDS = ['locationNotFound', 'locationNotMapped', 'allergyPart'] as const;
export type WarningKind = (typeof WARNING_KINDS)[number];

/**
 * What a sync could not complete of a patient: a location the hospital does not give or
 * Samrap cannot map (no bed from it), an allergy partly mapped (its text kept, for a person).
 */
export type SyncWarning = { hnId: string; kind: WarningKind; code: string; display?: string; groups?: string[] };

/** The report's lists of patients, by kind of change, in the order the history shows them. */
export const REPORT_LISTS = [
  'admitted', 'readmitted', 'moved', 'discharged', 'identity', 'diet', 'texture', 'npo',
  'ingredients', 'allergiesAdded', 'allergiesNeedPerson', 'bedsTaken',
] as const;
export type ReportList = (typeof REPORT_LISTS)[number];

/** What a finished sync changed (pkg/patientsync Report). */
export type SyncReport = {
  census: number;
  skipped: number;
  unchanged: number;
  counts: Record<string, number>;
} & Partial<Record<ReportList, SyncItem[] | null>> & {
  unmapped?: { hnId: string; field: string; system: string; code: string; display: string; groups?: string[] }[] | null;
  warnings?: SyncWarning[] | null;
};

/** The patients a report changed, by kind (the kinds with none left out). */
export function reportPatients(report: SyncReport | null | undefined): { kind: ReportList; items: SyncItem[] }[] {
  if (!report) return [];
  return REPORT_LISTS.map((kind) => ({ kind, items: report[kind] ?? [] })).filter((l) => l.items.length > 0);
}

/** How many patients a report changed: those admitted, updated or discharged (pkg/patientsync counts). */
export function reportChanged(report: SyncReport | null | undefined): number | null {
  if (!report) return null;
  const c = report.counts ?? {};
  return (c.admitted ?? 0) + (c.updated ?? 0) + (c.discharged ?? 0);
}

/** The report's warnings, at most `max` of them, and how many more there are. */
export function reportWarnings(report: SyncReport | null | undefined, max = 20): { shown: SyncWarning[]; more: number } {
  const all = (report?.warnings ?? []).filter((w) => (WARNING_KINDS as readonly string[]).includes(w.kind));
  return { shown: all.slice(0, max), more: Math.max(0, all.length - max) };
}

/** The branch's latest sync (GET /data-patient/checkProcessApiPatient). */
export type SyncJob = {
  jobId: string;
  branchCode: string;
  status: 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';
  running: boolean;
  phase: 'QUEUED' | 'IMPORTING' | 'FILTERING' | 'FORMATTING' | 'DONE' | 'FAILED';
  /** The phase in the caller's language. */
  phaseLabel: string;
  /** 0–100. */
  progress: number;
  census: number;
  /** Why it failed, in the caller's language. */
  error?: string;
  createdBy: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  report?: SyncReport | null;
};

/** How often a running sync is asked about (docs/api.md: every few seconds). */
export const SYNC_POLL_MS = 2000;

/** Still going: asked again. A sync never started (null) or ended is not. */
export function isSyncRunning(job: SyncJob | null | undefined): boolean {
  return !!job && (job.running || job.status === 'QUEUED' || job.status === 'RUNNING');
}

/**
 * Asked again every SYNC_POLL_MS while the sync runs — not once it ended, nor after asking
 * failed (the failure was told; asking on would repeat it every 2 s).
 */
export function syncPollInterval(query: Pick<Query<SyncJob | null>, 'state'>): number | false {
  return query.state.status !== 'error' && isSyncRunning(query.state.data) ? SYNC_POLL_MS : false;
}

/** The report's counts the dialog shows, in this order (each a key of `sync.counts`). */
export const REPORT_COUNTS = [
  'admitted', 'readmitted', 'moved', 'discharged', 'identity', 'diet', 'texture', 'npo',
  'ingredients', 'allergiesAdded', 'allergiesNeedPerson', 'bedsTaken', 'unmapped', 'warnings', 'unchanged', 'skipped',
] as const;
export type ReportCount = (typeof REPORT_COUNTS)[number];

/** The counts of a finished sync's report, every one listed (0 when the report lacks it). */
export function reportCounts(report: SyncReport | null | undefined): { key: ReportCount; value: number }[] {
  if (!report) return [];
  return REPORT_COUNTS.map((key) => ({ key, value: report.counts?.[key] ?? 0 }));
}

/** The progress bar: its percent and Ant Design status. */
export function syncProgress(job: SyncJob): { percent: number; status: 'active' | 'success' | 'exception' } {
  if (job.status === 'FAILED') return { percent: Math.max(0, Math.min(100, job.progress)), status: 'exception' };
  if (job.status === 'DONE') return { percent: 100, status: 'success' };
  return { percent: Math.max(0, Math.min(100, job.progress)), status: 'active' };
}
