import { Segmented, Select, Tag, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormOutlined, InboxOutlined, ScanOutlined } from '@/components/icons';
import { NS } from '@/features/serve/i18n';
import { useSearchServe } from '@/features/serve/api/search-serve';
import { useWards } from '@/lib/api/get-wards';
import { useNames } from '@/features/serve/use-names';
import { SERVE_STATUSES, type ServeStatus, type TrayRow } from '@/features/serve/types';
import { PagedList, pagedListSpec, sortOrder } from '@/components/paged-table';
import { ScreenFrame } from '@/components/screen-frame';
import { ButtonLink } from '@/components/button-link';
import { oneOfParam, useListState, type Param } from '@/lib/use-list-state';
import { placeOptions, placeSearch } from '@/lib/place-options';

const STATUS_FILTER = ['All', ...SERVE_STATUSES] as const;
const SORTABLE = ['ward', 'hnId', 'name'] as const;

/** A meal type or ward filter: an id, or All. */
const idParam: Param<string> = { fallback: 'All', parse: (raw) => (/^[1-9][0-9]{0,17}$/.test(raw) ? raw : undefined), format: (v) => v };

const LIST = pagedListSpec(SORTABLE, { ward: idParam, meal: idParam, status: oneOfParam(STATUS_FILTER, 'All') });

export const STATUS_COLOR: Record<ServeStatus, string> = { WAITING: 'gold', SERVED: 'green', REJECTED: 'red' };

/** ServeList (Serve, /auth/serve): today's trays by ward and meal with their serve status; a button to scan a tray. */
export default function ServeListPage() {
  const { t } = useTranslation(NS);
  const names = useNames();
  const [state, setState] = useListState(LIST);
  const { q: criteria, ward, meal, status, page, size, sort } = state;
  const wards = useWards(names.branch);
  const list = useSearchServe({
    branch: names.branch, criteria, page, size, sortBy: sort.field, sortDesc: sort.desc, ward, mealType: meal, status,
  });
  const mealTypes = list.data?.mealTypes ?? [];

  const columns: TableColumnsType<TrayRow> = useMemo(() => {
    const patient = (r: TrayRow) => (
      <>
        {names.name(r)}
        {r.caregiver && <Tag style={{ marginInlineStart: 6 }}>{t('list.caregiver')}</Tag>}
      </>
    );
    const meal = (r: TrayRow) => (
      <Tag color={r.mealType.mealColor} style={{ color: r.mealType.textColor }} data-testid="tray-meal">
        {names.ref(r.mealType)}
      </Tag>
    );
    // the bed now; a tray moved since its card was printed is marked, with the bed the card names
    // (or, its HN changed in the same bed, that the card names the HN before)
    const bed = (r: TrayRow) => (
      <>
        {names.wardBed(r)}
        {r.moved && (
          <span data-testid="tray-moved" data-order={r.orderId}>
            <Tag color="blue" style={{ marginInlineStart: 6 }}>{t(r.hnChanged ? 'list.hnChanged' : 'list.moved')}</Tag>
            <span style={{ color: '#5b6b6a' }}>
              {r.hnChanged
                ? t('list.hnChangedFrom')
                : t('list.movedFrom', { place: names.wardBed({ ward: r.printedWard, room: r.printedRoom }) || t('list.noBed') })}
            </span>
          </span>
        )}
      </>
    );
    const status = (r: TrayRow) => (
      <>
        <Tag color={STATUS_COLOR[r.serveStatus]} data-testid="tray-status">
          {t(`status.${r.serveStatus}`)}
        </Tag>
        {r.needsReview && r.serveStatus !== 'SERVED' && <Tag color="orange">{t('list.needsReview')}</Tag>}
      </>
    );
    return [
      // a phone: each tray as one stacked card (patient, bed, meal, status), so that it fits 390 px
      {
        key: 'tray', title: t('list.name'), responsive: ['xs'],
        render: (_: unknown, r: TrayRow) => (
          <div className="tray-card" data-testid="tray-card">
            <div style={{ fontWeight: 600 }}>{patient(r)}</div>
            <div style={{ color: '#5b6b6a' }}>{r.hnId} · {bed(r)}</div>
            <div style={{ marginTop: 4 }}>{meal(r)}{status(r)}</div>
          </div>
        ),
      },
      {
        key: 'ward', title: t('list.ward'), sorter: true, sortOrder: sortOrder(sort, 'ward'), responsive: ['sm'],
        render: (_: unknown, r: TrayRow) => bed(r),
      },
      { key: 'hnId', title: t('list.hn'), dataIndex: 'hnId', sorter: true, sortOrder: sortOrder(sort, 'hnId'), responsive: ['sm'] },
      { key: 'name', title: t('list.name'), sorter: true, sortOrder: sortOrder(sort, 'name'), responsive: ['sm'], render: (_: unknown, r: TrayRow) => patient(r) },
      { key: 'meal', title: t('list.meal'), responsive: ['sm'], render: (_: unknown, r: TrayRow) => meal(r) },
      { key: 'status', title: t('list.status'), responsive: ['sm'], render: (_: unknown, r: TrayRow) => status(r) },
    ];
  }, [t, names, sort]);

  return (
    <ScreenFrame title={t('list.title')} subtitle={t('list.subtitle')} testId="serve-list-page">
      <PagedList<TrayRow>
        state={state}
        onChange={setState}
        search={{ placeholder: t('list.search'), testId: 'serve-search', width: 220 }}
        filters={
          <>
            <Select
              aria-label={t('list.wardFilter')}
              value={ward}
              onChange={(v) => setState({ ward: v })}
              style={{ minWidth: 160 }}
              {...placeSearch}
              data-testid="ward-filter"
              options={[{ value: 'All', label: t('list.allWards') }, ...placeOptions(wards.data, names.lang, (w) => String(w.id))]}
            />
            <Select
              aria-label={t('list.mealFilter')}
              value={meal}
              onChange={(v) => setState({ meal: v })}
              style={{ minWidth: 140 }}
              data-testid="meal-filter"
              options={[{ value: 'All', label: t('list.allMeals') }, ...mealTypes.map((m) => ({ value: String(m.id), label: names.ref(m) }))]}
            />
            <Segmented
              aria-label={t('list.statusFilter')}
              value={status}
              onChange={(v) => setState({ status: v })}
              options={STATUS_FILTER.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              data-testid="serve-status-filter"
            />
          </>
        }
        actions={
          <>
            {/* the survey of a tray just served, entered with the patient (issue 17) */}
            <ButtonLink to="/auth/survey/entry" size="large" icon={<FormOutlined />} data-testid="serve-survey">
              {t('list.survey')}
            </ButtonLink>
            {/* what the patient ate, when the tray comes back (issue 27 §3) */}
            <ButtonLink to="/auth/serve/collect" size="large" icon={<InboxOutlined />} data-testid="serve-collect">
              {t('collect.listButton')}
            </ButtonLink>
            <ButtonLink to="/auth/serve/confirm" type="primary" size="large" icon={<ScanOutlined />} data-testid="serve-scan">
              {t('list.scan')}
            </ButtonLink>
          </>
        }
        columns={columns}
        list={list}
        testId="serve-table"
      />
    </ScreenFrame>
  );
}
