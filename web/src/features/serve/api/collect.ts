import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client';
import { useScreenMutation } from '@/lib/screen-errors';
import { SERVE_AREA, serveKey } from '@/features/serve/api/keys';
import type { MealType, Tray } from '@/features/serve/types';
import type { Eaten } from '@/features/serve/intake';

/** A tray as the collect step shows it: the order (as getOrderDetails answers it, the fields read here; status SERVED: the tray can be collected). */
export type CollectOrder = Pick<
  Tray,
  'orderId' | 'hnId' | 'caregiver' | 'dateOrder' | 'firstNameTh' | 'lastNameTh' | 'firstNameEn' | 'lastNameEn' | 'ward' | 'room' | 'mealType' | 'status'
> & {
  description: string;
  items: { position: number; code: string; nameTh: string; nameEn: string }[];
};

/** What was eaten of a tray (POST /serve/collect). */
export type Intake = {
  orderId: string;
  eaten: Eaten;
  items: { position: number; eaten: Eaten }[];
  scanned: boolean;
  deviceId: string;
  recordedBy: string;
  recordedAt: string;
  version: number;
};

export type CollectTray = { order: CollectOrder; intake: Intake | null };

/** A tray: its card's token (scanned) or its order id (the list of trays not collected). */
export type TrayRef = { token: string } | { orderId: string };

/** POST /serve/collectTray — the tray with its intake so far (reads only). */
export function getCollectTray(branchCode: string, ref: TrayRef): Promise<CollectTray> {
  return apiPost<CollectTray>('/serve/collectTray', { branchCode, ...ref });
}

export function useCollectTray() {
  return useScreenMutation({ mutationFn: (v: { branchCode: string; ref: TrayRef }) => getCollectTray(v.branchCode, v.ref) });
}

export type CollectInput = {
  branchCode: string;
  ref: TrayRef;
  eaten: Eaten;
  items?: { position: number; eaten: Eaten }[];
  deviceId: string;
};

/** POST /serve/collect — records what was eaten of a served tray, or corrects the record. */
export function collect(v: CollectInput): Promise<CollectTray & { corrected: boolean; unchanged: boolean }> {
  return apiPost('/serve/collect', { branchCode: v.branchCode, ...v.ref, eaten: v.eaten, items: v.items ?? [], deviceId: v.deviceId });
}

export function useCollect() {
  const qc = useQueryClient();
  return useScreenMutation({ mutationFn: collect, onSuccess: () => qc.invalidateQueries({ queryKey: serveKey }) });
}

/** GET /serve/uncollected — today's served trays not collected, of a ward and a meal (ids or All). */
export function useUncollected(branchCode: string, ward: string, mealType: string) {
  return useQuery({
    queryKey: [SERVE_AREA, { endpoint: 'uncollected', branchCode, ward, mealType }],
    queryFn: () => apiGet<{ items: CollectOrder[]; mealTypes: MealType[] }>('/serve/uncollected', { query: { branchCode, ward, mealType }, silent: true }),
    enabled: branchCode !== '',
    staleTime: 0,
  });
}
