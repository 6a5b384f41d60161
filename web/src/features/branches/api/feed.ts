import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, type Page } from '@/lib/api-client';

/** A branch's HL7 v2 feed (docs/hl7.md): where the hospital posts, the facility, the key's rotation (never the key). */
export type Feed = {
  code: string;
  /** /api/hl7/<code>, on this app's address. */
  path: string;
  facility: string;
  /** Answered once, by a rotation. */
  feedKey?: string;
  rotatedAt: string | null;
  rotatedBy: string;
};

export type FeedStatus = 'queued' | 'applied' | 'skipped' | 'stale' | 'duplicate' | 'failed';
export const FEED_STATUSES: FeedStatus[] = ['queued', 'applied', 'skipped', 'stale', 'duplicate', 'failed'];

/** A kept message with its outcome (without its text). */
export type FeedMessage = {
  id: string;
  controlId: string;
  messageType: string;
  kind: string;
  hnId: string;
  sentAt: string | null;
  receivedAt: string;
  ack: 'AA' | 'AE' | 'AR';
  status: FeedStatus;
  /** Why, in the caller's language. */
  reason: string;
  /** Where and what, in English (the segment and field). */
  error: string;
  appliedAt: string | null;
};

/** An hour of the last day with messages. */
export type FeedHour = { hour: string; received: number; applied: number; failed: number };

export type FeedMessages = Page<FeedMessage> & { hours: FeedHour[] };

const key = (code: string) => ['hl7-feed', code] as const;

/** GET /data-patient/hl7Feed?code */
export function useFeed(code: string | null) {
  return useQuery({
    queryKey: [...key(code ?? ''), 'settings'],
    queryFn: () => apiGet<Feed>('/data-patient/hl7Feed', { query: { code: code ?? '' } }),
    enabled: code !== null,
    staleTime: 0,
  });
}

/** GET /data-patient/hl7Messages?code&status&page&size — newest first, with the last day by the hour. */
export function useFeedMessages(code: string | null, status: FeedStatus | undefined, page: number, size: number) {
  return useQuery({
    queryKey: [...key(code ?? ''), 'messages', { status, page, size }],
    queryFn: () => apiGet<FeedMessages>('/data-patient/hl7Messages', { query: { code: code ?? '', status, page, size }, silent: true }),
    enabled: code !== null,
    placeholderData: keepPreviousData,
    // the feed moves on its own: a screen left open shows what came in, every 2 s while a
    // message shown waits in the queue (one just applied again), else every 15 s
    refetchInterval: (q) => (q.state.data?.items.some((m) => m.status === 'queued') ? 2_000 : 15_000),
  });
}

/** POST /data-patient/rotateFeedKey {code} — a new key, answered once; the old one stops working. */
export function useRotateFeedKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiPost<Feed>('/data-patient/rotateFeedKey', { code }),
    onSuccess: (_, code) => void qc.invalidateQueries({ queryKey: [...key(code), 'settings'] }),
  });
}

/** POST /data-patient/hl7Replay {code, id} — a failed message queued again. */
export function useReplay() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: { code: string; id: string }) => apiPost<{ id: string; status: FeedStatus }>('/data-patient/hl7Replay', b),
    onSuccess: (_, b) => void qc.invalidateQueries({ queryKey: [...key(b.code), 'messages'] }),
  });
}

/**
 * The demo hospital's day of messages, which only a local run sends (`make run`:
 * functions/local's /dev/hl7/<branch>, docs/hl7.md "Locally"). /dev is no API path — in the
 * cloud it is the web app's own page — so it is asked with fetch, not the API client, and
 * the button shows only when the answer says so.
 */
export function useDemoSender(code: string | null) {
  return useQuery({
    queryKey: [...key(code ?? ''), 'demo'],
    queryFn: async () => {
      const res = await fetch(`/dev/hl7/${encodeURIComponent(code ?? '')}`);
      if (!res.ok || !(res.headers.get('content-type') ?? '').includes('json')) return false;
      const body = (await res.json()) as { data?: { demoSender?: boolean } };
      return body.data?.demoSender === true;
    },
    enabled: code !== null,
    staleTime: Infinity,
  });
}

/** Sends the demo day; answers how many messages were accepted (AA) of how many. */
export function useSendDemoDay() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => {
      const res = await fetch(`/dev/hl7/${encodeURIComponent(code)}`, { method: 'POST' });
      if (!res.ok) throw new Error(`${res.status}`);
      const acks = (await res.text()).split(/\r\n|\r|\n/).filter((l) => l.startsWith('MSA|'));
      return { accepted: acks.filter((l) => l.startsWith('MSA|AA|')).length, total: acks.length };
    },
    onSuccess: (_, code) => void qc.invalidateQueries({ queryKey: [...key(code), 'messages'] }),
  });
}
