import { expect, type APIRequestContext } from '@playwright/test';
import { apiSignIn } from './auth-helpers';
import { text } from './helpers';
import { bangkokToday } from './orders-helpers';
import { data, orderTrays } from './trays-helpers';

// Helpers of the patient satisfaction browser tests (issue 17): each test orders its own trays
// through the orders API (as the serve test does) and takes their survey links from
// GET /api/survey/trays, so no other spec's orders, serves or answers matter.

export const sv = (key: string, lang: 'th' | 'en' = 'th'): string => text(lang, 'surveys', key);

export type SurveyTray = { orderId: string; hnId: string; name: string; answered: boolean; surveyUrl: string; mealType: { id: number; nameTh: string; nameEn: string } };

/** The path of a card's survey link (`…/q/<token>`), to open on this server. */
export function surveyPath(url: string): string {
  const m = /\/q\/[A-Za-z0-9_-]+/.exec(url);
  expect(m, url).not.toBeNull();
  return m![0];
}

/** Today's trays of n demo patients of SRP01 (lunch, else dinner, else breakfast: a meal nobody ordered yet), ordered through the API, with their survey links. */
export async function surveyTrays(request: APIRequestContext, n: number, tag: string): Promise<SurveyTray[]> {
  const ordered = await orderTrays(request, n, { meals: ['MT02', 'MT03', 'MT01'], description: `ข้าวต้ม (e2e ${tag})`, fromEnd: true });
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
