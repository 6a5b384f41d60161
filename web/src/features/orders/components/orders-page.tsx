import { Button, Grid, Select, Space, Tooltip, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { CopyOutlined, ExclamationCircleFilled, ShoppingCartOutlined, TeamOutlined, UserAddOutlined } from '@/components/icons';
import { DatePicker } from '@/components/date-picker';
import { PagedList, pagedListSpec, sortOrder } from '@/components/paged-table';
import { ScreenFrame } from '@/components/screen-frame';
import { oneOfParam, useListState, type Param } from '@/lib/use-list-state';
import { NS } from '@/features/orders/i18n';
import { AllergyTags } from '@/components/allergy-tags';
import { useMealTypes, useWards } from '@/features/orders/api/get-choices';
import { useSearchOrders } from '@/features/orders/api/search-orders';
import { Hint } from '@/components/hint';
import { MealChip, NpoTag, useOrderLabels, type OrderLabels } from '@/features/orders/components/parts';
import { OrderDetailsDrawer } from '@/features/orders/components/order-details-drawer';
import { BulkOrderModal } from '@/features/orders/components/bulk-order-modal';
import { CopyOrdersModal } from '@/features/orders/components/copy-orders-modal';
import { LIST_STATUSES, type MealCell, type MealType, type OrderRow } from '@/features/orders/types';
import { backMeal, backRow, formPath, formState } from '@/features/orders/paths';
import { THAI_PICKER, pickerFormat } from '@/lib/dates';
import { placeOptions, placeSearch } from '@/lib/place-options';

const SORTABLE = ['ward', 'room', 'hnId', 'name'] as const;

/** A ward or meal type filter: an id, or All. */
const idParam: Param<string> = { fallback: 'All', parse: (raw) => (/^[1-9][0-9]{0,17}$/.test(raw) ? raw : undefined), format: (v) => v };
/** The date ordered for (YYYY-MM-DD); empty: today in the branch. */
const dateParam: Param<string> = { fallback: '', parse: (raw) => (/^\d{4}-\d{2}-\d{2}$/.test(raw) && dayjs(raw).isValid() ? raw : undefined), format: (v) => v };

/**
 * The list's state in the address: `?date=&q=&ward=&status=&meal=&page=&size=&sort=`. `meal`
 * narrows the status filter to one meal type ("not ordered" + lunch: no lunch yet).
 */
const LIST = pagedListSpec(SORTABLE, { date: dateParam, ward: idParam, status: oneOfParam(LIST_STATUSES, 'All'), meal: idParam });

const NO_MEAL_TYPES: MealType[] = [];

/** What a row's cells show with their row: the texts, names, the answer's time (NPO) and the clicks. */
type RowContext = {
  t: TFunction;
  labels: OrderLabels;
  now: Date;
  onMeal: (row: OrderRow, meal: MealCell, caregiver: boolean) => void;
  onCaregiver: (row: OrderRow) => void;
};
type CellProps = { row: OrderRow; ctx: RowContext };

// A row's cells, each rendered again only when its row or the context changes (Ant Design's
// table renders every cell at each of its own renders).

function ReviewFlag({ row, ctx: { t } }: CellProps) {
  if (!row.needsReview) return null;
  return (
    <Hint title={t('review.rowHint')}>
      <ExclamationCircleFilled style={{ color: '#cf1322' }} data-testid="row-review" aria-label={t('review.flag')} />
    </Hint>
  );
}

const Meals = memo(function Meals({ row: r, ctx, large = false }: CellProps & { large?: boolean }) {
  return (
    <Space direction="vertical" size={large ? 8 : 4} style={large ? { width: '100%' } : undefined}>
      <Space size={large ? [8, 8] : [6, 6]} wrap data-testid="meal-chips">
        {r.meals.map((m) => (
          <MealChip key={m.mealTimeId} meal={m} order={m.order} onClick={() => ctx.onMeal(r, m, false)} testId="meal-chip" large={large} />
        ))}
      </Space>
      {r.meals.some((m) => m.caregiverOrder) && (
        <Space size={large ? [8, 8] : [6, 6]} wrap data-testid="caregiver-chips">
          {r.meals.filter((m) => m.caregiverOrder).map((m) => (
            <MealChip key={m.mealTimeId} meal={m} order={m.caregiverOrder} caregiver onClick={() => ctx.onMeal(r, m, true)} testId="caregiver-chip" large={large} />
          ))}
        </Space>
      )}
    </Space>
  );
});

const Safety = memo(function Safety({ row: r, ctx: { labels, now }, wrap = false }: CellProps & { wrap?: boolean }) {
  return (
    <Space direction={wrap ? 'horizontal' : 'vertical'} wrap={wrap} size={4} data-testid="safety">
      <AllergyTags allergens={r.allergens} unmapped={r.unmappedAllergies} name={labels.ref} />
      <NpoTag p={r} labels={labels} now={now} />
    </Space>
  );
});

const CaregiverButton = memo(function CaregiverButton({ row: r, ctx: { t, onCaregiver }, large = false }: CellProps & { large?: boolean }) {
  return (
    <Hint title={t('list.caregiverHint')}>
      <Button size={large ? 'middle' : 'small'} icon={<UserAddOutlined />} onClick={() => onCaregiver(r)} data-testid="row-caregiver">
        {t('list.caregiver')}
      </Button>
    </Hint>
  );
});

const HnCell = memo(function HnCell({ row: r, ctx }: CellProps) {
  return (
    <Space size={4}>
      <ReviewFlag row={r} ctx={ctx} />
      <Typography.Text strong>{r.hnId}</Typography.Text>
    </Space>
  );
});

const WardCell = memo(function WardCell({ row: r, ctx: { labels } }: CellProps) {
  return (
    <Space direction="vertical" size={0}>
      <span>{labels.ref(r.ward)}</span>
      <Typography.Text type="secondary">{labels.ref(r.room)}</Typography.Text>
    </Space>
  );
});

/** A phone's row: one stacked block per patient. */
const PatientCard = memo(function PatientCard({ row: r, ctx }: CellProps) {
  const { labels } = ctx;
  return (
    <div className="order-card" data-testid="order-card">
      <div className="order-card-bed">
        <ReviewFlag row={r} ctx={ctx} />
        <Typography.Text strong>{r.room ? labels.ref(r.room) : labels.ref(r.ward)}</Typography.Text>
        {r.room && <Typography.Text type="secondary">{labels.ref(r.ward)}</Typography.Text>}
      </div>
      <div>
        <Typography.Text strong>{labels.name(r)}</Typography.Text> <Typography.Text type="secondary">{r.hnId}</Typography.Text>
      </div>
      <Safety row={r} ctx={ctx} wrap />
      <Meals row={r} ctx={ctx} large />
      <div>
        <CaregiverButton row={r} ctx={ctx} large />
      </div>
    </div>
  );
});

/** Order meals (Controller, Order Taker; /auth/order): the date's patients with a chip per meal type. */
export default function OrdersPage() {
  const { t } = useTranslation(NS);
  const labels = useOrderLabels();
  const navigate = useNavigate();
  const location = useLocation();
  const [state, setState] = useListState(LIST);
  const { q: criteria, ward, status, page, size, sort } = state;
  // the meal type narrows a status filter; with every status it has nothing to narrow
  const meal = status === 'All' ? 'All' : state.meal;
  const dateOrder = state.date || labels.today;
  const wards = useWards(labels.branch);
  const mealChoices = useMealTypes(labels.branch);
  // a phone (under 576 px, antd's sm): one block per patient, the table as wide as the screen
  const screens = Grid.useBreakpoint();
  const phone = screens.sm === false;
  const [selected, setSelected] = useState<OrderRow[]>([]);
  const [details, setDetails] = useState<string | null>(null);
  const [bulk, setBulk] = useState(false);
  const [copying, setCopying] = useState(false);
  const list = useSearchOrders({ branch: labels.branch, dateOrder, criteria, page, size, sortBy: sort.field, sortDesc: sort.desc, ward, status, meal });
  const mealTypes = list.data?.mealTypes ?? NO_MEAL_TYPES;
  const wardList = wards.data;
  const wardsFetching = wards.isFetching;
  const mealList = mealChoices.data;
  const sortField = sort.field;
  const sortDesc = sort.desc;

  // rows are keyed by their place: another date, search or filter is another list
  const listKey = `${dateOrder}|${criteria}|${ward}|${status}|${meal}|${sort.field}|${sort.desc}`;
  useEffect(() => setSelected((s) => (s.length === 0 ? s : [])), [listKey]);

  // back from a form: the row just ordered for brought into view, once (the state is then
  // dropped) — when this list's own answer is on screen, not the previous one kept while it loads,
  // and laid out for the screen's width (antd measures it after the first render, and until then
  // shows none of the width-dependent columns: rows then grow and the row would leave the view)
  const focus = backRow(location.state);
  const backTo = backMeal(location.state);
  const backChip = backTo && `[data-testid="${backTo.caregiver ? 'caregiver-chip' : 'meal-chip'}"][data-meal-id="${backTo.meal}"]`;
  // antd's useBreakpoint answers {} until it has measured the width, then every size (xs…xxl)
  const measured = screens.xs !== undefined;
  const shown = list.data !== undefined && !list.isPlaceholderData && measured;
  useEffect(() => {
    if (!focus || !shown) return;
    const row = document.querySelector(`[data-testid="orders-table"] tr[data-hn="${CSS.escape(focus)}"]`);
    if (!row) return;
    row.scrollIntoView({ block: 'center' });
    // the keyboard's focus back where the order was started: the chip of the meal ordered
    // (else the row's first), not the page's body (issue 29)
    const chip = backChip ? row.querySelector<HTMLElement>(backChip) : null;
    (chip ?? row.querySelector<HTMLElement>('[data-testid="meal-chip"]'))?.focus({ preventScroll: true });
    navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [focus, backChip, shown, list.data, screens, navigate, location.pathname, location.search]);

  // what a click in a row needs, read when it is clicked: the rows below are memoised and
  // their handlers made once (location and date change without the rows changing)
  const latest = useRef({ dateOrder, location, navigate });
  latest.current = { dateOrder, location, navigate };
  const onMeal = useCallback((row: OrderRow, meal: MealCell, caregiver: boolean) => {
    const order = caregiver ? meal.caregiverOrder : meal.order;
    if (order && order.status !== 'CANCELLED') setDetails(order.orderId);
    else {
      const { dateOrder, location, navigate } = latest.current;
      navigate(formPath({ hn: row.hnId, date: dateOrder, meal: meal.mealTimeId, caregiver }), { state: formState(location) });
    }
  }, []);
  const onCaregiver = useCallback((row: OrderRow) => {
    const { dateOrder, location, navigate } = latest.current;
    navigate(formPath({ hn: row.hnId, date: dateOrder, meal: row.meals[0]?.mealTimeId ?? 0, caregiver: true }), { state: formState(location) });
  }, []);

  const answeredAt = list.dataUpdatedAt;
  // the same object while the texts, the branch and the answer's time stay: a row's cells
  // render again only when their row or this changes (not on a spinner, a filter's own render)
  const ctx = useMemo<RowContext>(
    () => ({ t, labels, now: new Date(answeredAt || Date.now()), onMeal, onCaregiver }),
    [t, labels, answeredAt, onMeal, onCaregiver],
  );
  // at 1280 px the whole row fits the screen (QA 2026-11-26 #5): allergies and NPO, the safety
  // facts, share one column and are never behind a sideways scroll; the HN stays on one line.
  // The widths leave the table about 10 px to spare at 1280 px: the HN and the caregiver button
  // are wider than their columns in English and the table grows to hold them, by a pixel or
  // two more where a browser rounds its glyphs wider (Chromium's headless shell: 944 px in 942).
  // On a phone (under 576 px) each patient is one stacked block instead (issue 25 §3): bed,
  // name, allergies and NPO, then the meal chips, large enough to tap, and no sideways scroll.
  const columns: TableColumnsType<OrderRow> = useMemo(
    () => [
      { key: 'patient', title: t('columns.patient'), responsive: ['xs'], render: (_: unknown, r: OrderRow) => <PatientCard row={r} ctx={ctx} /> },
      {
        key: 'hnId', title: t('columns.hnId'), width: 140, fixed: 'left', sorter: true, sortOrder: sortOrder({ field: sortField, desc: sortDesc }, 'hnId'), responsive: ['sm'],
        onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
        render: (_: unknown, r: OrderRow) => <HnCell row={r} ctx={ctx} />,
      },
      { key: 'name', title: t('columns.name'), width: 130, sorter: true, sortOrder: sortOrder({ field: sortField, desc: sortDesc }, 'name'), responsive: ['sm'], render: (_: unknown, r: OrderRow) => labels.name(r) },
      {
        key: 'ward', title: t('columns.wardBed'), width: 130, sorter: true, sortOrder: sortOrder({ field: sortField, desc: sortDesc }, 'ward'), responsive: ['sm'],
        render: (_: unknown, r: OrderRow) => <WardCell row={r} ctx={ctx} />,
      },
      { key: 'meals', title: t('columns.meals'), width: 230, responsive: ['sm'], render: (_: unknown, r: OrderRow) => <Meals row={r} ctx={ctx} /> },
      { key: 'safety', title: t('columns.safety'), width: 150, responsive: ['sm'], render: (_: unknown, r: OrderRow) => <Safety row={r} ctx={ctx} /> },
      { key: 'actions', title: t('columns.actions'), width: 110, fixed: 'right', responsive: ['sm'], render: (_: unknown, r: OrderRow) => <CaregiverButton row={r} ctx={ctx} /> },
    ],
    [t, labels, ctx, sortField, sortDesc],
  );

  // the toolbar, made again only when what it shows changes (a page change leaves it as it is)
  const filters = useMemo(
    () => (
      <>
        <DatePicker
          aria-label={t('list.date')}
          allowClear={false}
          value={dayjs(dateOrder)}
          format={pickerFormat(labels.lang)}
          locale={labels.lang === 'th' ? THAI_PICKER : undefined}
          onChange={(d) => d && setState({ date: d.format('YYYY-MM-DD') === labels.today ? '' : d.format('YYYY-MM-DD') })}
          data-testid="order-date"
        />
        <Select
          aria-label={t('list.wardFilter')}
          value={ward}
          onChange={(v) => setState({ ward: v })}
          style={{ minWidth: 180 }}
          {...placeSearch}
          loading={wardsFetching}
          data-testid="ward-filter"
          options={[{ value: 'All', label: t('list.allWards') }, ...placeOptions(wardList, labels.lang, (w) => String(w.id))]}
        />
        <Select
          aria-label={t('list.statusFilter')}
          value={status}
          onChange={(v) => setState(v === 'All' ? { status: v, meal: 'All' } : { status: v })}
          style={{ minWidth: 170 }}
          data-testid="status-filter"
          options={LIST_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        />
        <Tooltip title={status === 'All' ? t('list.mealFilterHint') : undefined}>
          <Select
            aria-label={t('list.mealFilter')}
            value={meal}
            onChange={(v) => setState({ meal: v })}
            disabled={status === 'All'}
            style={{ minWidth: 150 }}
            data-testid="meal-filter"
            options={[{ value: 'All', label: t('list.allMeals') }, ...(mealList ?? []).map((m) => ({ value: String(m.id), label: labels.ref(m) }))]}
          />
        </Tooltip>
      </>
    ),
    [t, labels, dateOrder, ward, status, meal, wardList, wardsFetching, mealList, setState],
  );
  const actions = useMemo(
    () => (
      <Space wrap>
        <Button
          icon={<TeamOutlined />}
          onClick={() => navigate(`/auth/order/round?date=${dateOrder}${ward !== 'All' ? `&ward=${ward}` : ''}`)}
          data-testid="round-open"
        >
          {t('round.open')}
        </Button>
        <Button icon={<CopyOutlined />} onClick={() => setCopying(true)} data-testid="copy-open">
          {t('copy.button')}
        </Button>
      </Space>
    ),
    [t, navigate, dateOrder, ward],
  );
  const bulkActions = useMemo(
    () => (
      <Button type="primary" icon={<ShoppingCartOutlined />} onClick={() => setBulk(true)} data-testid="bulk-open">
        {t('bulk.button')}
      </Button>
    ),
    [t],
  );
  const closeDetails = useCallback(() => setDetails(null), []);
  const closeBulk = useCallback((done: boolean) => {
    setBulk(false);
    if (done) setSelected([]);
  }, []);
  const closeCopy = useCallback(() => setCopying(false), []);

  return (
    <ScreenFrame title={t('list.title')} subtitle={t('list.subtitle')} testId="orders-page">
      <PagedList<OrderRow>
        state={state}
        onChange={setState}
        search={{ placeholder: t('list.search'), testId: 'orders-search', width: 240 }}
        filters={filters}
        actions={actions}
        bulkActions={bulkActions}
        selection={{ selected, onSelect: setSelected, rowLabel: (r) => `${r.hnId} ${labels.name(r)}` }}
        onRow={(r) => ({ 'data-hn': r.hnId, 'data-review': r.needsReview ? 'true' : undefined, style: r.needsReview ? { background: '#fff1f0' } : undefined }) as never}
        columns={columns}
        scrollX={phone ? false : undefined}
        list={list}
        testId="orders-table"
      />
      {mealTypes.length > 0 && (
        <Space size={[12, 4]} wrap style={{ marginTop: 8 }} data-testid="meal-legend">
          {mealTypes.map((m) => (
            <Space key={m.id} size={4}>
              <span style={{ background: m.mealColor, color: m.textColor, borderRadius: 4, padding: '0 6px', fontWeight: 600 }}>{m.abbreviation}</span>
              <Typography.Text type="secondary">{labels.ref(m)}</Typography.Text>
            </Space>
          ))}
        </Space>
      )}
      <OrderDetailsDrawer orderId={details} onClose={closeDetails} />
      <BulkOrderModal open={bulk} rows={selected} dateOrder={dateOrder} mealTypes={mealTypes} onClose={closeBulk} />
      <CopyOrdersModal open={copying} dateOrder={dateOrder} ward={ward} onClose={closeCopy} />
    </ScreenFrame>
  );
}
