// The survey's pure rules: what the charts draw, how averages read, what is left to answer.
import dayjs from 'dayjs';
import '@/lib/dates'; // dayjs's Buddhist-era years
import { SURVEY_LINK } from '@/lib/survey-link';
import type { Param } from '@/lib/use-list-state';
import { QUESTIONS, SCORES, type Answers, type Averages, type QuestionKey } from '@/features/surveys/types';

/** Ids chosen in a filter, in the address as `1,2,3`; empty: all. */
export const idsParam: Param<number[]> = {
  fallback: [],
  parse: (raw) => (/^[1-9][0-9]{0,17}(,[1-9][0-9]{0,17}){0,99}$/.test(raw) ? [...new Set(raw.split(',').map(Number))] : undefined),
  format: (v) => v.join(','),
};

/** An average as people read it: two decimals, or a dash when nobody answered. */
export function showAverage(v: number | null | undefined): string {
  return v === null || v === undefined || Number.isNaN(v) ? '–' : v.toFixed(2);
}

/** The questions not answered yet (each needs a score of 1–5). */
export function missingAnswers(a: Partial<Record<QuestionKey, number>>): QuestionKey[] {
  return QUESTIONS.filter((q) => !(SCORES as readonly number[]).includes(a[q] ?? 0));
}

/** The answers once every question has a score; null while one is missing. */
export function completeAnswers(a: Partial<Record<QuestionKey, number>>): Answers | null {
  return missingAnswers(a).length === 0 ? (a as Answers) : null;
}

/** A bar of the "average per question" chart: the question's label and its average (null: no bar). */
export type QuestionBar = { key: QuestionKey; label: string; average: number | null };

export function questionBars(averages: Averages | undefined, label: (q: QuestionKey) => string): QuestionBar[] {
  return QUESTIONS.map((key) => ({ key, label: label(key), average: averages?.[key] ?? null }));
}

/** A group of answers (a ward, a meal type, a day): its name, colour, count and averages. */
export type Group = { key: string; name: string; color?: string; count: number; averages: Averages };

/** One row per group for a chart, each question's average a column (null stays null: no bar, a gap in a line). */
export type GroupBar = { key: string; name: string; color?: string; count: number } & Record<QuestionKey, number | null>;

export function groupBars(groups: Group[]): GroupBar[] {
  return groups.map((g) => {
    const row = { key: g.key, name: g.name, color: g.color, count: g.count } as GroupBar;
    for (const q of QUESTIONS) row[q] = g.averages?.[q] ?? null;
    return row;
  });
}

/**
 * A group's name on a chart: with its branch ('SRP01 · มื้อเช้า') when the groups come from more
 * than one branch (a Super Admin's "all branches"), alone otherwise.
 */
export function branchNamer(groups: { branchCode: string }[]): (g: { branchCode: string }, name: string) => string {
  const several = new Set(groups.map((g) => g.branchCode)).size > 1;
  return (g, name) => (several ? `${g.branchCode} · ${name}` : name);
}

/** The path of a card's link (`https://…/q/<token>` → `/q/<token>`), to open it in this app. */
export function surveyPath(surveyUrl: string): string {
  const m = SURVEY_LINK.exec(surveyUrl);
  return m ? `/q/${m[1]}` : surveyUrl;
}

/** Whole minutes to wait after a 429: its data's `retryAfter` (seconds) rounded up; 10 (the server's window) when it has none. */
export function waitMinutes(data: unknown): number {
  const s = Number((data as { retryAfter?: unknown } | null)?.retryAfter);
  return Number.isFinite(s) && s > 0 ? Math.ceil(s / 60) : 10;
}

/** A day (`YYYY-MM-DD`, no time zone) as people read it: '25 พ.ย. 2569' in Thai, '25 Nov 2026' in English. */
export function showDay(day: string, lang: string): string {
  const d = dayjs(day, 'YYYY-MM-DD').locale(lang === 'th' ? 'th' : 'en');
  return d.isValid() ? d.format(lang === 'th' ? 'D MMM BBBB' : 'D MMM YYYY') : day;
}

/** Black or white text on a colour (a meal type's), by its luminance (0.299 R + 0.587 G + 0.114 B above 170: black), as the meal type chips do. */
export function textOn(color: string | undefined): string {
  const m = /^#?([0-9a-f]{6})$/i.exec(color ?? '');
  if (!m) return '#1f2937';
  const n = parseInt(m[1], 16);
  const lum = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return lum > 170 ? '#000000' : '#ffffff';
}
