import { Alert, App, Button, Checkbox, Input, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeftOutlined } from '@/components/icons';
import { DatePicker } from '@/components/date-picker';
import { Table } from '@/components/table';
import { AllergyTags } from '@/components/allergy-tags';
import { DayBrief } from '@/components/nutrient-table';
import { NS as COMPONENTS } from '@/components/texts';
import { nutritionKey, useNutritionDays } from '@/lib/api/get-nutrition-days';
import { ScreenFrame } from '@/components/screen-frame';
import { THAI_PICKER, pickerFormat } from '@/lib/dates';
import { placeOptions, placeSearch } from '@/lib/place-options';
import { NS } from '@/features/orders/i18n';
import { useMealTypes, useWards } from '@/features/orders/api/get-choices';
import { useCheckRound, useMealRound, useSubmitRound, type DayItem, type RoundChoice, type RoundPick, type RoundRow } from '@/features/orders/api/meal-round';
import { FreeTextAck, IddsiTag, NpoTag, statusLabel, useOrderLabels } from '@/features/orders/components/parts';
import { errorText, freeTextRules, newKey } from '@/features/orders/answers';
import type { Conflict, MealType, Problem } from '@/features/orders/types';

/** A row's choice in the round: a dish or set of the day (m12 / s3), NPO, or nothing. */
type Pick = { value: string; accepted: boolean; note: string; unmappedChecked: boolean; freeTextAck: boolean };

const NONE = '';
const NPO = 'NPO';

/** The choice's value for a suggestion: its one dish or set, NPO, or nothing. */
export function choiceValue(c: RoundChoice | null | undefined): string {
  if (!c) return NONE;
  if (c.orderType === 'NPO') return NPO;
  if (c.orderType !== 'ORD' || c.items.length !== 1) return NONE;
  const it = c.items[0];
  return it.menuSetId ? `s${it.menuSetId}` : `m${it.menuId}`;
}

/** The pick sent for a row's choice (null: nothing to order). */
export function pickOf(hn: string, version: number, p: Pick): RoundPick | null {
  if (!p.accepted || p.value === NONE) return null;
  const base = { hnId: hn, patientVersion: version, unmappedAllergiesChecked: p.unmappedChecked, freeTextAcknowledged: p.freeTextAck };
  if (p.value === NPO) return { ...base, orderType: 'NPO', items: [] };
  const id = Number(p.value.slice(1));
  const item = p.value.startsWith('s') ? { menuSetId: id, alternativeNote: p.note.trim() } : { menuId: id, alternativeNote: p.note.trim() };
  return { ...base, orderType: 'ORD', courseType: p.value.startsWith('s') ? 'SET' : 'MENU', items: [item] };
}

function itemValue(it: DayItem): string {
  return it.menuSet ? `s${it.menuSet.id}` : `m${it.menu?.id ?? 0}`;
}

/**
 * The meal round (Controller, Order Taker; /auth/order/round): one ward, one date, one meal
 * type — every patient of the ward with what a nurse decides by, a choice the server checked
 * (yesterday's, or an allowed item of the day), accepted row by row or all at once, and the
 * round submitted in one request; refused rows stay with their reasons. Keyboard: ↑/↓ move
 * between rows, Enter accepts or un-accepts a row, P opens its choice.
 */
export default function MealRoundPage() {
  const { t } = useTranslation(NS);
  const { notification } = App.useApp();
  const labels = useOrderLabels();
  const [search, setSearch] = useSearchParams();
  const wardId = Number(search.get('ward') ?? '0') || 0;
  const mealTimeId = Number(search.get('meal') ?? '0') || 0;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(search.get('date') ?? '') ? (search.get('date') as string) : labels.today;
  const set = (k: string, v: string) => {
    const next = new URLSearchParams(search);
    next.set(k, v);
    setSearch(next, { replace: true });
  };
  const wards = useWards(labels.branch);
  const mealTypes = useMealTypes(labels.branch);
  const round = useMealRound({ branch: labels.branch, wardId, dateOrder: date, mealTimeId });
  // each patient's day so far against the nutrition targets (issue 27): guidance beside the choice
  const days = useNutritionDays({ branchCode: labels.branch, dateOrder: date, ward: wardId, size: 1000 }, wardId > 0 && mealTimeId > 0);
  const dayOf = useMemo(() => new Map((days.data?.items ?? []).map((d) => [d.hnId, d])), [days.data]);
  const queryClient = useQueryClient();
  const { t: tc } = useTranslation(COMPONENTS);
  const submit = useSubmitRound();
  const key = useRef(newKey());
  const [picks, setPicks] = useState<Record<string, Pick>>({});
  const [refused, setRefused] = useState<Record<string, Problem[]>>({});
  const rows = useMemo(() => round.data?.rows ?? [], [round.data]);
  const items = useMemo(() => round.data?.items ?? [], [round.data]);

  // another ward, date or meal: a new round
  const place = `${wardId}|${date}|${mealTimeId}`;
  useEffect(() => {
    setPicks({});
    setRefused({});
    key.current = newKey();
  }, [place]);
  // each row starts from its suggestion, not yet accepted; a row read again keeps what the
  // nurse chose (a refused row stays for fixing)
  useEffect(() => {
    setPicks((prev) =>
      Object.fromEntries(rows.map((r) => [r.patient.hnId, prev[r.patient.hnId] ?? { value: choiceValue(r.suggestion), accepted: false, note: '', unmappedChecked: false, freeTextAck: false }])),
    );
  }, [rows]);

  const open = rows.filter((r) => !r.ordered);
  const sent = open.map((r) => (picks[r.patient.hnId] ? pickOf(r.patient.hnId, r.patient.version, picks[r.patient.hnId]) : null)).filter((p): p is RoundPick => p !== null);
  const input = { branchCode: labels.branch, idempotencyKey: key.current, dateOrder: date, mealTimeId, rows: sent };
  // the same server check as the single form, one call for the whole round
  const check = useCheckRound({ ...input, idempotencyKey: '' }, sent.length > 0);
  const problemsOf = (hn: string): Problem[] => refused[hn] ?? check.data?.results?.find((r) => r.hnId === hn)?.problems ?? [];

  const update = (hn: string, patch: Partial<Pick>) => {
    setPicks((ps) => ({ ...ps, [hn]: { ...ps[hn], ...patch } }));
    setRefused((rs) => {
      const { [hn]: _drop, ...rest } = rs;
      return rest;
    });
  };
  // every row still to order that has a choice: the server checks each before the submit
  const acceptAll = () =>
    setPicks((ps) => Object.fromEntries(Object.entries(ps).map(([hn, p]) => [hn, { ...p, accepted: p.accepted || (p.value !== NONE && open.some((r) => r.patient.hnId === hn)) }])));

  const send = () =>
    submit.mutate(input, {
      onSuccess: (r) => {
        key.current = newKey();
        void queryClient.invalidateQueries({ queryKey: nutritionKey });
        const bad = Object.fromEntries((r.refused ?? []).map((x) => [x.hnId, x.problems ?? []]));
        setRefused(bad);
        const ordered = (r.ordered ?? []).length;
        if (Object.keys(bad).length === 0) notification.success({ message: t('round.done', { count: ordered }) });
        else notification.warning({ message: t('bulk.result', { ordered, refused: Object.keys(bad).length }) });
      },
      onError: (e) => {
        const msg = errorText(e, t('messages.submitFailed'));
        if (msg) notification.error({ message: msg });
      },
    });

  const name = (it: DayItem) => `${(it.menuSet ?? it.menu)?.code ?? ''} · ${labels.ref(it.menuSet ?? it.menu)}`;
  const options = (r: RoundRow) => {
    const conflicts = r.conflicts ?? {};
    const food = r.source !== 'NPO' && r.source !== 'NONE';
    return [
      { value: NONE, label: t('round.nothing') },
      { value: NPO, label: t('orderType.NPO') },
      ...(food
        ? items.map((it) => {
            const cs: Conflict[] = conflicts[itemValue(it)] ?? [];
            const blocked = cs.some((c) => c.kind === 'TEXTURE');
            return { value: itemValue(it), disabled: blocked, label: `${name(it)}${cs.length > 0 ? ` ⚠ ${[...new Set(cs.map((c) => labels.ref(c)))].join(', ')}` : ''}` };
          })
        : []),
    ];
  };

  const tableRef = useRef<HTMLDivElement>(null);
  const focusRow = (i: number) => (tableRef.current?.querySelector(`tr[data-row="${i}"]`) as HTMLElement | null)?.focus();
  const onRowKey = (e: KeyboardEvent<HTMLElement>, i: number, r: RoundRow) => {
    if (e.target !== e.currentTarget) return;
    const hn = r.patient.hnId;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      focusRow(i + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      focusRow(i - 1);
    } else if (e.key === 'Enter' && !r.ordered && picks[hn]) {
      e.preventDefault();
      update(hn, { accepted: !picks[hn].accepted });
    } else if ((e.key === 'p' || e.key === 'P') && !r.ordered) {
      e.preventDefault();
      (e.currentTarget.querySelector('.ant-select-selection-search-input') as HTMLElement | null)?.focus();
    }
  };

  const columns: TableColumnsType<RoundRow> = [
    {
      key: 'bed', title: t('columns.wardBed'), width: 90,
      render: (_: unknown, r) => <Typography.Text strong>{labels.ref(r.patient.room) || '—'}</Typography.Text>,
    },
    {
      key: 'patient', title: t('columns.name'), width: 190,
      render: (_: unknown, r) => (
        <Space direction="vertical" size={0}>
          <span>{labels.name(r.patient)}</span>
          <Typography.Text type="secondary">{r.patient.hnId}</Typography.Text>
          <Typography.Text type="secondary">
            {[labels.ref(r.patient.dietType), ...(r.patient.therapeutics ?? []).map((x) => labels.ref(x))].filter(Boolean).join(' · ')}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'safety', title: t('columns.safety'), width: 200,
      render: (_: unknown, r) => (
        <Space size={[4, 4]} wrap>
          <AllergyTags allergens={r.patient.allergens} unmapped={r.patient.unmappedAllergies} name={labels.ref} />
          {r.patient.religion && <Tag>{labels.ref(r.patient.religion)}</Tag>}
          {r.patient.vegetarian && <Tag>{labels.ref(r.patient.vegetarian)}</Tag>}
          {r.patient.textureFood !== null && <IddsiTag type="FOOD" level={r.patient.textureFood} />}
          {r.patient.textureDrink !== null && <IddsiTag type="DRINK" level={r.patient.textureDrink} />}
          <NpoTag p={r.patient} labels={labels} now={new Date(round.dataUpdatedAt || Date.now())} />
        </Space>
      ),
    },
    {
      key: 'day', title: tc('nutrition.dayColumn'), width: 190,
      render: (_: unknown, r) => <DayBrief day={dayOf.get(r.patient.hnId)} />,
    },
    {
      key: 'choice', title: t('round.choice'),
      render: (_: unknown, r) => {
        const hn = r.patient.hnId;
        const p = picks[hn];
        if (r.ordered) {
          const order = r.patient.meals.find((m) => m.mealTimeId === mealTimeId)?.order;
          return <Tag color="blue" data-testid="round-ordered">{statusLabel(t, order)}</Tag>;
        }
        if (!p) return null;
        const probs = p.accepted ? problemsOf(hn) : [];
        const rules = freeTextRules(probs);
        const cs = (r.conflicts ?? {})[p.value] ?? [];
        return (
          <Space direction="vertical" size={4} style={{ width: '100%' }}>
            <Space wrap>
              <Checkbox checked={p.accepted} disabled={p.value === NONE} onChange={(e) => update(hn, { accepted: e.target.checked })} data-testid="round-accept">
                {t('round.accept')}
              </Checkbox>
              <Select
                style={{ minWidth: 260 }}
                value={p.value}
                onChange={(v: string) => update(hn, { value: v, accepted: v !== NONE, note: '' })}
                options={options(r)}
                showSearch
                optionFilterProp="label"
                aria-label={t('round.choiceFor', { name: labels.name(r.patient) })}
                data-testid="round-choice"
              />
              {r.source && <Typography.Text type="secondary">{t(`round.source.${r.source}`)}</Typography.Text>}
            </Space>
            {cs.some((c) => c.kind !== 'TEXTURE') && (
              <Input
                value={p.note}
                maxLength={500}
                placeholder={t('round.note')}
                aria-label={t('round.note')}
                onChange={(e) => update(hn, { note: e.target.value })}
                data-testid="round-note"
              />
            )}
            {(r.patient.unmappedAllergies ?? []).length > 0 && p.value !== NONE && p.value !== NPO && (
              <Checkbox checked={p.unmappedChecked} onChange={(e) => update(hn, { unmappedChecked: e.target.checked })} data-testid="round-unmapped">
                <Typography.Text type="danger">{t('form.unmappedConfirm')}</Typography.Text>
              </Checkbox>
            )}
            <FreeTextAck rules={rules} checked={p.freeTextAck} onChange={(v) => update(hn, { freeTextAck: v })} />
            {probs.filter((x) => x.code !== 'FREE_TEXT').length > 0 && (
              <Typography.Text type="danger" data-testid="round-problems">
                {probs.filter((x) => x.code !== 'FREE_TEXT').map((x) => x.message).join('; ')}
              </Typography.Text>
            )}
          </Space>
        );
      },
    },
  ];

  const accepted = sent.length;
  const mealOptions = ((mealTypes.data ?? []) as MealType[]).map((m) => ({ value: m.id, label: `${m.abbreviation || m.code} · ${labels.ref(m)}` }));
  return (
    <ScreenFrame title={t('round.title')} subtitle={t('round.subtitle')} testId="meal-round">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Link to={`/auth/order?date=${date}`}>
          <ArrowLeftOutlined /> {t('round.back')}
        </Link>
        <Space wrap>
          <Select
            style={{ minWidth: 240 }}
            placeholder={t('copy.ward')}
            aria-label={t('copy.ward')}
            value={wardId || undefined}
            onChange={(v: number) => set('ward', String(v))}
            {...placeSearch}
            options={placeOptions(wards.data, labels.lang)}
            data-testid="round-ward"
          />
          <DatePicker
            allowClear={false}
            value={dayjs(date)}
            format={pickerFormat(labels.lang)}
            locale={labels.lang === 'th' ? THAI_PICKER : undefined}
            onChange={(d) => d && set('date', d.format('YYYY-MM-DD'))}
            aria-label={t('form.date')}
            data-testid="round-date"
          />
          <Select
            style={{ minWidth: 200 }}
            placeholder={t('form.mealType')}
            aria-label={t('form.mealType')}
            value={mealTimeId || undefined}
            onChange={(v: number) => set('meal', String(v))}
            options={mealOptions}
            data-testid="round-meal"
          />
        </Space>
        {wardId === 0 || mealTimeId === 0 ? (
          <Alert type="info" showIcon message={t('round.pick')} />
        ) : (
          <>
            {round.data && !round.data.covered && <Alert type="warning" showIcon message={t('menu.notCovered')} />}
            <Space wrap>
              <Button onClick={acceptAll} disabled={open.length === 0} data-testid="round-accept-all">
                {t('round.acceptAll')}
              </Button>
              <Button type="primary" onClick={send} loading={submit.isPending} disabled={accepted === 0} data-testid="round-submit">
                {t('round.submit', { count: accepted })}
              </Button>
              <Typography.Text type="secondary">{t('round.keys')}</Typography.Text>
            </Space>
            <div ref={tableRef}>
              <Table
                rowKey={(r) => r.patient.hnId}
                columns={columns}
                dataSource={rows}
                loading={round.isFetching}
                pagination={false}
                size="small"
                data-testid="round-table"
                onRow={(r, i) =>
                  ({
                    tabIndex: 0,
                    'data-row': i,
                    'data-hn': r.patient.hnId,
                    'data-accepted': picks[r.patient.hnId]?.accepted ? 'true' : 'false',
                    onKeyDown: (e: KeyboardEvent<HTMLElement>) => onRowKey(e, i ?? 0, r),
                  }) as never
                }
              />
            </div>
          </>
        )}
      </Space>
    </ScreenFrame>
  );
}
