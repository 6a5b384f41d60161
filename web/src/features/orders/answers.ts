// Reading the server's answers to the ordering calls: the problems of a check or a 422, the
// existing order of a 409, a failure's sentence; and the idempotency key a submit sends.
import type { Conflict, FoodRule, Problem } from '@/features/orders/types';
import { isApiError } from '@/lib/api-client';

/** The rules a FREE_TEXT problem asks to acknowledge (none: no such problem). */
export function freeTextRules(problems: Problem[] | null | undefined): FoodRule[] {
  return (problems ?? []).find((p) => p.code === 'FREE_TEXT')?.rules ?? [];
}

/** The existing order a 409 ALREADY_ORDERED names (the server answers the list of live orders in the way; the first). */
export function existingOrder(e: unknown): { orderId: string; dateOrder?: string; mealTimeId?: number } | null {
  type Existing = { orderId: string; dateOrder?: string; mealTimeId?: number };
  const err = e as { status?: number; code?: string; data?: { existing?: Existing | Existing[] | null } | null };
  if (err?.status !== 409 || err.code !== 'ALREADY_ORDERED') return null;
  const ex = err.data?.existing;
  return (Array.isArray(ex) ? ex[0] : ex) ?? null;
}

/** The problems a 422 of submitOrder lists (data.problems). */
export function problemsOf(e: unknown): Problem[] {
  const err = e as { status?: number; data?: { problems?: Problem[] | null } | null };
  if (err?.status !== 422) return [];
  return err.data?.problems ?? [];
}

/** Ingredient names of conflicts, one each, in the interface language. */
export function conflictNames(conflicts: Conflict[] | null | undefined, lang: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const c of conflicts ?? []) {
    const name = (lang === 'en' ? c.nameEn || c.nameTh : c.nameTh || c.nameEn) || c.code;
    const k = `${c.kind}:${name}`;
    if (!seen.has(k)) {
      seen.add(k);
      out.push(name);
    }
  }
  return out;
}

/**
 * Whether a failed submit got an answer that ends its attempt, so that the next submit is a
 * new request with a new key. Not a lost connection (status 0) nor a 503 UNAVAILABLE (the
 * database went away under the write): the write may have been made, and sending it again
 * with the same key answers what it did, never orders twice.
 */
export function endsAttempt(e: unknown): boolean {
  return isApiError(e) && e.status !== 0 && e.code !== 'UNAVAILABLE';
}

/** A fresh idempotency key (one per submit attempt that got an answer). */
export function newKey(): string {
  return globalThis.crypto?.randomUUID ? globalThis.crypto.randomUUID() : `${Date.now()}-${Math.random().toString(16).slice(2)}`;
}

/** The server's sentence of a failure, else the fallback; null when a global notice already spoke. */
export function errorText(e: unknown, fallback: string): string | null {
  const err = e as { handled?: boolean; message?: string } | null;
  if (err?.handled) return null;
  const msg = err?.message ?? '';
  return msg && !/^HTTP \d+$/.test(msg) ? msg : fallback;
}

/** The items a refused review needs an alternative for: each item a CONFLICT problem names, once. */
export function reviewNotes(problems: Problem[]): { key: string; item: { menuId?: number; menuSetId?: number } }[] {
  const out: { key: string; item: { menuId?: number; menuSetId?: number } }[] = [];
  for (const p of problems) {
    if (p.code !== 'CONFLICT' || (!p.menuId && !p.menuSetId)) continue;
    const item = p.menuSetId ? { menuSetId: p.menuSetId } : { menuId: p.menuId };
    const key = p.menuSetId ? `s:${p.menuSetId}` : `m:${p.menuId}`;
    if (!out.some((x) => x.key === key)) out.push({ key, item });
  }
  return out;
}
