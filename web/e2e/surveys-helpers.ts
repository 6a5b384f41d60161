import { expect, type APIRequestContext } from '@playwright/test';
import { apiSignIn } from './auth-helpers';
import { text } from './helpers';
import { bangkokToday } from './orders-helpers';

// Helpers of the patient satisfaction browser tests (issue 17): each test orders its own trays
// through the orders API (as the serve test does) and takes their survey links from
// GET /api/survey/trays, so no other spec's orders, serves or answers matter.

export const sv = (key: string, lang: 'th' | 'en' = 'th'): string => text(lang, 'surveys', key);

type Envelope<T> = { code: string; msg: string; data: T };
export async function data<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await res.json()) as Envelope<T>;
  expect(res.status(), `${res.url()}: ${body.msg}`).toBe(200);
  return body.data;
}

type Row = {
  hnId: string;
  textureFood: number | null;
  textureDrink: number | null;
  unmappedAllergies: string[] | null;
  needsReview: boolean;
  meals: { mealTimeId: number; code: string; npo: boolean; order: { orderId: string } | null }[];
};

export type SurveyTray = { orderId: string; hnId: string; name: string; answered: boolean; surveyUrl: string; mealType: { id: number; nameTh: string; nameEn: string } };

/** The path of a card's survey link (`…/q/<token>`), to open on this server. */
export function surveyPath(url: string): string {
  const m = /\/q\/[A-Za-z0-9_-]+/.exec(url);
  expect(m, url).not.toBeNull();
  return m![0];
}

/** Today's trays of n demo patients of SRP01 (lunch, else dinner, else breakfast: a meal nobody ordered yet), ordered through the API, with their survey links. */
export async function surveyTrays(request: APIRequestContext, n: number, tag: string): Promise<SurveyTray[]> {
  const taker = await apiSignIn(request, 'ordertaker@samrap.local');
  const headers = { Authorization: `Bearer ${taker}` };
  const list = await data<{ items: Row[] }>(await request.get('/api/takerOrder/search?size=100', { headers }));
  const ordered: { hn: string; orderId: string }[] = [];
  for (const r of list.items.slice().reverse()) {
    if (ordered.length === n) break;
    if (r.needsReview || r.textureFood !== null || r.textureDrink !== null || (r.unmappedAllergies ?? []).length > 0) continue;
    const meal = ['MT02', 'MT03', 'MT01'].map((c) => r.meals.find((m) => m.code === c)).find((m) => m && !m.order && !m.npo);
    if (!meal) continue;
    const res = await request.post('/api/takerOrder/submitOrder', {
      headers,
      data: {
        branchCode: 'SRP01', hnId: r.hnId, idempotencyKey: crypto.randomUUID(), dates: [bangkokToday()], mealTimeIds: [meal.mealTimeId],
        caregiver: false, orderType: 'ORD', foodScope: 'NORMAL', courseType: 'SPECIFIC', description: `ข้าวต้ม (e2e ${tag})`, items: [],
        otherIds: [], remarkIds: [], remark: '', charge: false, dysphagiaFoodType: null, unmappedAllergiesChecked: false,
      },
    });
    if (res.status() !== 200) continue; // taken meanwhile by another spec: the next patient
    const { orders } = ((await res.json()) as Envelope<{ orders: { orderId: string }[] }>).data;
    ordered.push({ hn: r.hnId, orderId: orders[0].orderId });
  }
  expect(ordered.length).toBe(n);
  const serve = await apiSignIn(request, 'serve@samrap.local');
  const out: SurveyTray[] = [];
  for (const o of ordered) {
    const trays = await data<SurveyTray[]>(await request.get(`/api/survey/trays?date=${bangkokToday()}&q=${encodeURIComponent(o.hn)}`, {
      headers: { Authorization: `Bearer ${serve}` },
    }));
    const tray = trays.find((t) => t.orderId === o.orderId);
    expect(tray, `the tray of ${o.hn}`).toBeTruthy();
    expect(tray!.answered).toBe(false);
    out.push(tray!);
  }
  return out;
}
