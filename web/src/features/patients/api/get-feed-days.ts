import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { SyncReport } from '@/features/patients/sync';

/** A day of the hospital's HL7 v2 feed (the day received): its messages by outcome, and the patients the applied ones changed. */
export type FeedDay = {
  day: string;
  received: number;
  applied: number;
  failed: number;
  stale: number;
  skipped: number;
  duplicate: number;
  queued: number;
  patients: number;
};

/** A message of the day that failed: what it was, and why (reason in the caller's language, error in English). */
export type FeedFailure = { id: string; controlId: string; messageType: string; hnId: string; ack: string; receivedAt: string; reason: string; error: string };

/** What a day's messages changed together (a sync's report), and the ones that failed (the first 50 of failureCount). */
export type FeedDayReport = FeedDay & { report: SyncReport; failures: FeedFailure[]; failureCount: number };

/** GET /data-patient/hl7Days?branchCode — the branch's days with messages of the last 30, newest first. */
export function useFeedDays(branchCode: string, enabled: boolean) {
  return useQuery({
    queryKey: ['patient-sync', branchCode, 'feed-days'],
    queryFn: () => apiGet<FeedDay[]>('/data-patient/hl7Days', { query: { branchCode } }),
    enabled,
    staleTime: 0,
  });
}

/** GET /data-patient/hl7Day?branchCode&day — one day's report. */
export function useFeedDay(branchCode: string, day: string) {
  return useQuery({
    queryKey: ['patient-sync', branchCode, 'feed-day', day],
    queryFn: () => apiGet<FeedDayReport>('/data-patient/hl7Day', { query: { branchCode, day } }),
    staleTime: 0,
  });
}
