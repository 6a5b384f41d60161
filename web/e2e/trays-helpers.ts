import { expect, type APIRequestContext } from '@playwright/test';
import { apiSignIn } from './auth-helpers';
import { data, type Envelope } from './helpers';
import { bangkokToday } from './orders-helpers';

// Trays of a test's own (serving, surveys, the logs, work performance): today's meals ordered
// through the orders API for demo patients of SRP01, so that no test counts on demo orders
// another spec on the shared branch cancels, flags or serves first.

export { data };

type Row = {
  hnId: string;
  textureFood: number | null;
  textureDrink: number | null;
  unmappedAllergies: string[] | null;
  needsReview: boolean;
  meals: { mealTimeId: number; code: string; npo: boolean; order: { orderId: string } | null }[];
};

export type Tray = { hn: string; orderId: string; token: string; mealTimeId: number; meal: string };

/**
 * Orders today's meal, a specific meal described `description`, for n demo patients with nothing
 * that would refuse one (no texture need, no unmapped allergy, no order needing review): for each
 * the first of `meals` (codes) it has neither ordered nor fasts for. `fromEnd` takes the patients
 * from the end of the list, so that tests take different ones; a patient another spec took
 * meanwhile: the next. Answers each tray's HN, order, meal and card token.
 */
export async function orderTrays(
  request: APIRequestContext,
  n: number,
  opts: { meals: string[]; description: string; fromEnd?: boolean },
): Promise<Tray[]> {
  const headers = { Authorization: `Bearer ${await apiSignIn(request, 'ordertaker@samrap.local')}` };
  const list = await data<{ items: Row[] }>(await request.get('/api/takerOrder/search?size=100', { headers }));
  const rows = opts.fromEnd ? list.items.slice().reverse() : list.items;
  const out: Tray[] = [];
  for (const r of rows) {
    if (out.length === n) break;
    if (r.needsReview || r.textureFood !== null || r.textureDrink !== null || (r.unmappedAllergies ?? []).length > 0) continue;
    const meal = opts.meals.map((c) => r.meals.find((m) => m.code === c)).find((m) => m && !m.order && !m.npo);
    if (!meal) continue;
    const res = await request.post('/api/takerOrder/submitOrder', {
      headers,
      data: {
        branchCode: 'SRP01', hnId: r.hnId, idempotencyKey: crypto.randomUUID(), dates: [bangkokToday()], mealTimeIds: [meal.mealTimeId],
        caregiver: false, orderType: 'ORD', foodScope: 'NORMAL', courseType: 'SPECIFIC', description: opts.description, items: [],
        otherIds: [], remarkIds: [], remark: '', charge: false, dysphagiaFoodType: null, unmappedAllergiesChecked: false,
      },
    });
    if (res.status() !== 200) continue; // taken meanwhile by another spec: the next patient
    const { orders } = ((await res.json()) as Envelope<{ orders: { orderId: string }[] }>).data;
    const qr = await data<{ token: string }>(await request.get(`/api/takerOrder/getQrByOrderId/${orders[0].orderId}`, { headers }));
    out.push({ hn: r.hnId, orderId: orders[0].orderId, token: qr.token, mealTimeId: meal.mealTimeId, meal: meal.code });
  }
  expect(out.length, `demo patients left to order ${opts.meals.join('/')} for today`).toBe(n);
  return out;
}
