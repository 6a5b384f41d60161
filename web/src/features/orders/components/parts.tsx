// Pieces the ordering screens share: the branch and language in use, the meal chip in its
// colours, NPO, the IDDSI levels and the conflicts of a dish.
import { Checkbox, Space, Tag, Typography } from 'antd';
import { memo, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Hint } from '@/components/hint';
import { ExclamationCircleFilled } from '@/components/icons';
import { useBranches } from '@/lib/api/get-branches';
import { DEFAULT_TIME_ZONE, formatDate, formatDateTime, todayIn } from '@/lib/dates';
import { IDDSI_COLORS } from '@/lib/iddsi';
import { useSession } from '@/lib/use-session';
import { NS } from '@/features/orders/i18n';
import { localName, personName, type Conflict, type FoodRule, type MealCell, type MealType, type OrderBrief, type OrderPatient } from '@/features/orders/types';
import { conflictNames } from '@/features/orders/answers';

/** The current pair's branch, its zone, today there, and names in the interface language. */
export function useOrderLabels() {
  const { i18n } = useTranslation(NS);
  const lang = i18n.language === 'en' ? 'en' : 'th';
  const { userInfo } = useSession();
  const branch = userInfo?.current?.branchCode ?? '';
  const branches = useBranches();
  const timeZone = branches.data?.find((b) => b.code === branch)?.timeZone ?? DEFAULT_TIME_ZONE;
  const today = todayIn(timeZone);
  const ref = useCallback((r: { nameTh?: string | null; nameEn?: string | null; code?: string } | null | undefined) => localName(r, lang), [lang]);
  const name = useCallback((p: Parameters<typeof personName>[0]) => personName(p, lang), [lang]);
  // a YYYY-MM-DD day is a calendar day: shown as it is, not moved by a zone
  const day = useCallback((d: string) => formatDate(`${d}T12:00:00`, lang, 'UTC'), [lang]);
  const dateTime = useCallback((v: string | null | undefined) => (v ? formatDateTime(v, lang, timeZone) : ''), [lang, timeZone]);
  const me = userInfo?.employeeCode ?? '';
  // the same object while nothing in it changes: the order list's rows are memoised on it
  return useMemo(() => ({ lang, branch, timeZone, today, ref, name, day, dateTime, me }), [lang, branch, timeZone, today, ref, name, day, dateTime, me]);
}

export type OrderLabels = ReturnType<typeof useOrderLabels>;

/** A meal type's abbreviation on its meal colour. */
export function MealBadge({ meal }: { meal: Pick<MealType, 'abbreviation' | 'mealColor' | 'textColor' | 'code'> }) {
  return (
    <span
      style={{
        background: meal.mealColor || '#d9d9d9',
        color: meal.textColor || '#000',
        borderRadius: 4,
        padding: '0 6px',
        fontWeight: 600,
        border: '1px solid rgba(0,0,0,0.15)',
      }}
    >
      {meal.abbreviation || meal.code}
    </span>
  );
}

/** Meal types to tick, each as its badge and name (in the order given: the branch's). */
export function MealChecks({ mealTypes, value, onChange, testId, itemTestId, ariaLabel, style }: {
  mealTypes: MealType[];
  value: number[];
  onChange: (ids: number[]) => void;
  testId?: string;
  /** each box's test id is `<itemTestId>-<meal code>` */
  itemTestId?: string;
  ariaLabel?: string;
  style?: React.CSSProperties;
}) {
  const { i18n } = useTranslation(NS);
  return (
    <Checkbox.Group value={value} onChange={(v) => onChange(v as number[])} style={style} data-testid={testId} aria-label={ariaLabel}>
      {mealTypes.map((m) => (
        <Checkbox key={m.id} value={m.id} data-testid={itemTestId && `${itemTestId}-${m.code}`}>
          <Space size={4}>
            <MealBadge meal={m} />
            {localName(m, i18n.language)}
          </Space>
        </Checkbox>
      ))}
    </Checkbox.Group>
  );
}

/** The status label of an order (stored values are never shown); no order: "not ordered". */
export function statusLabel(t: (k: string) => string, o: OrderBrief | null | undefined): string {
  return o ? t(`status.${o.status}`) : t('status.NOT_ORDERED');
}

/**
 * One meal of a row: abbreviation in its colours and the order's status label; flagged ones
 * marked. `large`: a phone's chip, 36 px high, an easy target for a finger. Its tooltip is made
 * on the first hover (components/hint).
 */
export const MealChip = memo(function MealChip({ meal, order, caregiver, onClick, testId, large }: {
  meal: MealCell; order: OrderBrief | null; caregiver?: boolean; onClick: () => void; testId: string; large?: boolean;
}) {
  const { t, i18n } = useTranslation(NS);
  const live = order && order.status !== 'CANCELLED';
  const title = `${localName(meal, i18n.language)} · ${statusLabel(t, order)}${meal.npo ? ` · ${t('npo.tag')}` : ''}`;
  // the name starts with what the chip shows ("BF ยังไม่สั่ง"), as a person who says what
  // they see to their speech software would name it (WCAG 2.5.3), then the meal's full name
  const shown = `${caregiver ? `${meal.abbreviation}+` : meal.abbreviation} ${statusLabel(t, order)}${meal.npo && !caregiver ? ` ${t('npo.tag')}` : ''}`;
  const name = [shown, caregiver ? t('list.caregiverOrder') : null, localName(meal, i18n.language), order?.needsReview ? t('review.flag') : null]
    .filter(Boolean)
    .join(' · ');
  return (
    <Hint title={caregiver ? `${t('list.caregiverOrder')} · ${title}` : title}>
      <button
        type="button"
        onClick={onClick}
        data-testid={testId}
        data-meal={meal.code}
        data-meal-id={meal.mealTimeId}
        data-status={order?.status ?? 'NONE'}
        aria-label={name}
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 4,
          // a chip wraps to the next line whole, never cut mid-word
          whiteSpace: 'nowrap',
          cursor: 'pointer',
          borderRadius: large ? 18 : 12,
          padding: large ? '4px 12px 4px 4px' : '1px 8px 1px 2px',
          minHeight: large ? 36 : undefined,
          fontSize: large ? 14 : 13,
          lineHeight: '20px',
          border: order?.needsReview ? '2px solid #cf1322' : live ? '1px solid #8c8c8c' : '1px dashed #bfbfbf',
          background: live ? '#fff' : '#fafafa',
          opacity: order?.status === 'CANCELLED' ? 0.75 : 1,
        }}
      >
        <span style={{ background: meal.mealColor || '#d9d9d9', color: meal.textColor || '#000', borderRadius: 10, padding: '0 6px', fontWeight: 600 }}>
          {caregiver ? `${meal.abbreviation}+` : meal.abbreviation}
        </span>{' '}
        <span>{statusLabel(t, order)}</span>
        {meal.npo && !caregiver && ' '}
        {meal.npo && !caregiver && <Tag color="red" style={{ margin: 0, fontSize: 10, lineHeight: '14px', padding: '0 3px' }}>{t('npo.tag')}</Tag>}
        {order?.needsReview && <ExclamationCircleFilled style={{ color: '#cf1322' }} aria-label={t('review.flag')} />}
      </button>
    </Hint>
  );
});

/** Whether NPO [from, to) (open-ended without `to`) covers `now`, starts later, or is over. */
export function npoState(from: string | null, to: string | null, now: Date): 'now' | 'ahead' | null {
  if (!from) return null;
  const f = new Date(from).getTime();
  const e = to ? new Date(to).getTime() : Infinity;
  const n = now.getTime();
  if (n >= e) return null;
  return n >= f ? 'now' : 'ahead';
}

/** NPO: a red tag while fasting, an orange one before it starts, with its times. */
export function NpoTag({ p, labels, now }: { p: Pick<OrderPatient, 'npoFrom' | 'npoTo'>; labels: OrderLabels; now: Date }) {
  const { t } = useTranslation(NS);
  const state = npoState(p.npoFrom, p.npoTo, now);
  if (!state) return null;
  const when = p.npoTo ? `${labels.dateTime(p.npoFrom)} – ${labels.dateTime(p.npoTo)}` : `${labels.dateTime(p.npoFrom)} –`;
  return (
    <Hint title={when}>
      <Tag color={state === 'now' ? 'red' : 'orange'} style={{ marginInlineEnd: 0 }} data-testid="npo">
        {t(`npo.${state}`)}
      </Tag>
    </Hint>
  );
}

/** An IDDSI level on its colour with its name: `IDDSI 5 · Minced & moist`. */
export function IddsiTag({ type, level }: { type: 'FOOD' | 'DRINK'; level: number }) {
  const { t } = useTranslation(NS);
  const c = IDDSI_COLORS[level] ?? IDDSI_COLORS[7];
  return (
    <Tag data-testid={`iddsi-${type.toLowerCase()}`} style={{ background: c.background, color: c.text, borderColor: '#8c8c8c', marginInlineEnd: 0 }}>
      {t('iddsi.label', { level, name: t(`iddsi.${type}.${level}`) })}
    </Tag>
  );
}

/** A dish's or a set's conflicts for this patient, by kind (TEXTURE cannot be overridden). */
export function ConflictTags({ conflicts }: { conflicts: Conflict[] | null | undefined }) {
  const { t, i18n } = useTranslation(NS);
  const list = conflicts ?? [];
  if (list.length === 0) return null;
  const kinds = [...new Set(list.map((c) => c.kind))];
  return (
    <Space size={[4, 4]} wrap data-testid="conflicts">
      {kinds.map((k) => (
        <Tag key={k} color={k === 'TEXTURE' ? 'default' : 'red'} style={{ marginInlineEnd: 0 }} data-kind={k}>
          {t(`conflict.${k}`)}
          {k !== 'TEXTURE' && `: ${conflictNames(list.filter((c) => c.kind === k), i18n.language).join(', ')}`}
        </Tag>
      ))}
    </Space>
  );
}

/**
 * A free-text meal's acknowledgement (FREE_TEXT): the person's food rules the server listed,
 * and the box the person ticks to say the meal was checked against them.
 */
export function FreeTextAck({ rules, checked, onChange, testId = 'free-text-ack' }: { rules: FoodRule[]; checked: boolean; onChange: (v: boolean) => void; testId?: string }) {
  const { t, i18n } = useTranslation(NS);
  if (rules.length === 0) return null;
  return (
    <Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId}>
      <Typography.Text type="danger">{t('freeText.confirm')}</Typography.Text>{' '}
      <span data-testid="free-text-rules">{rules.map((r) => `${t(`freeText.rule.${r.kind}`)}: ${localName(r, i18n.language)}`).join('; ')}</span>
    </Checkbox>
  );
}
