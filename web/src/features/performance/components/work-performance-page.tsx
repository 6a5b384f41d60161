import { App, Button, Card, Col, Empty, Row, Select, Space, Statistic, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, LabelList, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { DownloadOutlined } from '@/components/icons';
import { Table } from '@/components/table';
import { ROLE } from '@/config/roles';
import { useExportFigures } from '@/features/performance/api/export-figures';
import { useFigures } from '@/features/performance/api/get-figures';
import { NS } from '@/features/performance/i18n';
import type { Counts, Person, PerformanceFilter, ReasonCount, WardGroup } from '@/features/performance/types';
import { BranchFilter, DatesFilter } from '@/components/report-filters';
import { ScreenFrame } from '@/components/screen-frame';
import { formatDate } from '@/lib/dates';
import { placeOption, placeSearch } from '@/lib/place-options';
import { useSession } from '@/lib/use-session';
import { localName } from '@/lib/names';

const CHART_HEIGHT = 260;
const ON_TIME = '#2E7D32';
const LATE = '#F9A825';
const NOT_SERVED = '#C62828';
const PENDING = '#9E9E9E';

const pct = (v: number | null) => (v === null ? '—' : `${v}%`);

/**
 * Work performance (Super Admin, Branch Admin; /auth/survey/work-performance): trays served on
 * time per meal type, ward and date, scan mismatches, rejections, the review wait and the work
 * per person for a date range, with charts, tables and the workbook (docs/performance.md).
 */
export default function WorkPerformancePage() {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.language === 'en' ? 'en' : 'th';
  const name = (o: { nameTh: string; nameEn: string }) => localName(o, lang);
  const { userInfo } = useSession();
  const allBranches = userInfo?.current?.roleCode === ROLE.superAdmin;
  const { notification } = App.useApp();
  const [filter, setFilter] = useState<PerformanceFilter>({ dateFrom: '', dateTo: '', wardIds: [], mealTimeIds: [], entryBranch: '' });
  const figures = useFigures(filter, lang);
  const exporter = useExportFigures();
  const f = figures.data;

  const shortDate = (v: string) => (lang === 'th' ? dayjs(v).format('D MMM BB') : dayjs(v).format('D MMM'));
  const branchesShown = new Set((f?.byWard ?? []).map((w) => w.branchCode)).size > 1;
  const inBranch = (g: { branchCode: string }) => (branchesShown ? `${g.branchCode} · ` : '');
  const choiceLabel = (c: { branchCode: string; code: string; nameTh: string; nameEn: string }) =>
    `${allBranches && !filter.entryBranch ? `${c.branchCode} · ` : ''}${c.code} ${name(c)}`;

  const exportFile = () =>
    exporter.mutate(filter, {
      onSuccess: (link) => {
        if (!link) notification.info({ message: t('nothingToExport') });
      },
    });

  const countColumns = <T extends Counts>(): TableColumnsType<T> => [
    { key: 'trays', title: t('count.trays'), align: 'right', width: 90, render: (_, c) => c.trays },
    { key: 'onTime', title: t('count.onTime'), align: 'right', width: 110, render: (_, c) => c.onTime },
    { key: 'late', title: t('count.late'), align: 'right', width: 100, render: (_, c) => c.late },
    { key: 'notServed', title: t('count.notServed'), align: 'right', width: 110, render: (_, c) => c.notServed },
    { key: 'pending', title: t('count.pending'), align: 'right', width: 120, render: (_, c) => c.pending },
    { key: 'pct', title: t('count.onTimePct'), align: 'right', width: 110, render: (_, c) => <span data-testid="on-time-pct">{pct(c.onTimePct)}</span> },
    {
      key: 'collected',
      title: t('count.collectedPct'),
      align: 'right',
      width: 130,
      render: (_, c) => (
        <span data-testid="collected-pct" title={t('count.collectedOf', { n: c.collected, served: c.onTime + c.late })}>
          {pct(c.collectedPct)}
        </span>
      ),
    },
  ];
  const wardColumns: TableColumnsType<WardGroup> = [
    { key: 'ward', title: t('ward'), render: (_, w) => `${inBranch(w)}${w.code ? `${w.code} ${name(w)}` : t('noWard')}` },
    ...countColumns<WardGroup>(),
  ];
  const reasonColumns: TableColumnsType<ReasonCount> = [
    { key: 'reason', title: t('reason'), render: (_, r) => r.label },
    { key: 'count', title: t('times'), align: 'right', width: 100, render: (_, r) => r.count },
  ];
  const personColumns = (count: string, other: string): TableColumnsType<Person> => [
    { key: 'person', title: t('person'), render: (_, p) => <Space direction="vertical" size={0}><Typography.Text strong>{p.person || '—'}</Typography.Text>{name(p) && <Typography.Text type="secondary">{name(p)}</Typography.Text>}</Space> },
    { key: 'count', title: count, align: 'right', width: 100, render: (_, p) => p.count },
    { key: 'other', title: other, align: 'right', width: 100, render: (_, p) => p.other },
  ];

  const chart = (title: string, testId: string, empty: boolean, body: ReactElement, below?: ReactNode) => (
    <Card size="small" title={title} data-testid={testId} style={{ height: '100%' }}>
      {empty ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noData')} style={{ height: CHART_HEIGHT - 40 }} /> : (
        <>
          <ResponsiveContainer width="100%" height={CHART_HEIGHT}>{body}</ResponsiveContainer>
          {below}
        </>
      )}
    </Card>
  );

  const rv = f?.review;
  // the on-time chart says why its bars are empty: no tray due yet, or none of the due served on time
  const due = (f?.total.onTime ?? 0) + (f?.total.late ?? 0) + (f?.total.notServed ?? 0);
  const onTimeNote = !f?.byMeal.length ? '' : due === 0 ? t('onTimeNone.due') : f.total.onTime === 0 ? t('onTimeNone.served', { due }) : '';
  return (
    <ScreenFrame title={t('title')} subtitle={t('subtitle')} testId="work-performance-page">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap align="start">
          <DatesFilter
            label={t('filter.dates')}
            from={filter.dateFrom || f?.dateFrom || ''}
            to={filter.dateTo || f?.dateTo || ''}
            onChange={(dateFrom, dateTo) => setFilter({ ...filter, dateFrom, dateTo })}
            clearable={false}
            testId="performance-dates"
          />
          {allBranches && (
            <BranchFilter
              value={filter.entryBranch}
              onChange={(entryBranch) => setFilter({ ...filter, entryBranch, wardIds: [], mealTimeIds: [] })}
              testId="performance-branch"
            />
          )}
          <Select
            mode="multiple"
            allowClear
            aria-label={t('filter.wards')}
            placeholder={t('filter.allWards')}
            style={{ minWidth: 220, maxWidth: 360 }}
            value={filter.wardIds}
            onChange={(wardIds) => setFilter({ ...filter, wardIds })}
            options={(f?.choices.wards ?? []).map((c) => placeOption(c, c.id, lang, { label: choiceLabel(c) }))}
            {...placeSearch}
            data-testid="performance-wards"
          />
          <Select
            mode="multiple"
            allowClear
            aria-label={t('filter.mealTypes')}
            placeholder={t('filter.allMealTypes')}
            style={{ minWidth: 200, maxWidth: 320 }}
            value={filter.mealTimeIds}
            onChange={(mealTimeIds) => setFilter({ ...filter, mealTimeIds })}
            options={(f?.choices.mealTypes ?? []).map((c) => ({ value: c.id, label: choiceLabel(c) }))}
            optionFilterProp="label"
            data-testid="performance-meals"
          />
          <Button icon={<DownloadOutlined />} onClick={exportFile} loading={exporter.isPending} data-testid="performance-export">
            {t('export')}
          </Button>
        </Space>
        {f && (
          <Typography.Text type="secondary">
            {t('rangeShown', { from: formatDate(f.dateFrom, lang), to: formatDate(f.dateTo, lang) })} · {t('onTimeRule')}
          </Typography.Text>
        )}

        <Row gutter={[16, 16]}>
          {[
            { key: 'onTime', title: t('head.onTime'), value: pct(f?.total.onTimePct ?? null), sub: t('head.onTimeOf', { n: f?.total.onTime ?? 0, due: (f?.total.onTime ?? 0) + (f?.total.late ?? 0) + (f?.total.notServed ?? 0) }) },
            { key: 'trays', title: t('head.trays'), value: f?.total.trays ?? 0, sub: t('head.traysSub', { late: f?.total.late ?? 0, notServed: f?.total.notServed ?? 0 }) },
            { key: 'mismatches', title: t('head.mismatches'), value: f?.mismatches.scans ?? 0, sub: t('head.rejected', { n: f?.rejections.trays ?? 0 }) },
            { key: 'review', title: t('head.reviewWait'), value: rv?.reviewed ? t('minutes', { n: rv.medianMinutes }) : '—', sub: t('head.reviewSub', { flagged: rv?.flagged ?? 0, waiting: rv?.waiting ?? 0 }) },
            { key: 'orders', title: t('head.orders'), value: f?.orders ?? 0, sub: t('head.people', { n: f?.orderTakers.length ?? 0 }) },
          ].map((h) => (
            <Col key={h.key} xs={12} md={8} xl={4} flex="1 1 180px">
              <Card size="small" data-testid={`head-${h.key}`}>
                <Statistic title={h.title} value={h.value} />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>{h.sub}</Typography.Text>
              </Card>
            </Col>
          ))}
        </Row>

        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            {chart(t('chart.byMeal'), 'chart-meal', !f?.byMeal.length, (
              // bars across, the names on the left: every meal type labelled, a 0% bar labelled too
              <BarChart layout="vertical" data={(f?.byMeal ?? []).map((m) => ({ name: `${inBranch(m)}${name(m)}`, pct: m.onTimePct, color: m.mealColor }))} margin={{ right: 40 }}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis type="number" domain={[0, 100]} unit="%" />
                <YAxis type="category" dataKey="name" width={170} interval={0} tick={{ fontSize: 12 }} />
                <Tooltip formatter={(v) => [pct(typeof v === 'number' ? v : null), t('count.onTimePct')]} />
                <Bar dataKey="pct" name={t('count.onTimePct')} isAnimationActive={false} maxBarSize={28}>
                  {(f?.byMeal ?? []).map((m) => <Cell key={`${m.branchCode}-${m.id}`} fill={m.mealColor} stroke="#555" />)}
                  <LabelList dataKey="pct" position="right" fill="#1f2937" formatter={(v: unknown) => pct(typeof v === 'number' ? v : null)} />
                </Bar>
              </BarChart>
            ), onTimeNote && <Typography.Text type="secondary" data-testid="on-time-note">{onTimeNote}</Typography.Text>)}
          </Col>
          <Col xs={24} xl={12}>
            {chart(t('chart.byWard'), 'chart-ward', !f?.byWard.length, (
              <BarChart layout="vertical" data={(f?.byWard ?? []).map((w) => ({ name: `${inBranch(w)}${w.code ? name(w) : t('noWard')}`, onTime: w.onTime, late: w.late, notServed: w.notServed, pending: w.pending }))}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis type="number" allowDecimals={false} />
                <YAxis type="category" dataKey="name" width={170} interval={0} tick={{ fontSize: 12 }} />
                <Tooltip />
                <Legend />
                <Bar dataKey="onTime" stackId="a" name={t('count.onTime')} fill={ON_TIME} isAnimationActive={false} maxBarSize={28} />
                <Bar dataKey="late" stackId="a" name={t('count.late')} fill={LATE} isAnimationActive={false} maxBarSize={28} />
                <Bar dataKey="notServed" stackId="a" name={t('count.notServed')} fill={NOT_SERVED} isAnimationActive={false} maxBarSize={28} />
                <Bar dataKey="pending" stackId="a" name={t('count.pending')} fill={PENDING} isAnimationActive={false} maxBarSize={28} />
              </BarChart>
            ))}
          </Col>
          <Col xs={24} xl={12}>
            {chart(t('chart.byDate'), 'chart-date', !f?.byDate.length, (
              <LineChart data={(f?.byDate ?? []).map((d) => ({ name: shortDate(d.date), pct: d.onTimePct }))}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="name" />
                <YAxis domain={[0, 100]} unit="%" />
                <Tooltip formatter={(v) => [`${String(v)}%`, t('count.onTimePct')]} />
                <Line dataKey="pct" name={t('count.onTimePct')} stroke={ON_TIME} connectNulls isAnimationActive={false} />
              </LineChart>
            ))}
          </Col>
          <Col xs={24} xl={12}>
            {chart(t('chart.mismatches'), 'chart-mismatches', !f?.mismatches.byReason.length, (
              <BarChart layout="vertical" data={(f?.mismatches.byReason ?? []).map((r) => ({ name: r.label, count: r.count }))} margin={{ left: 24 }}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis type="number" allowDecimals={false} />
                <YAxis type="category" dataKey="name" width={180} />
                <Tooltip />
                <Bar dataKey="count" name={t('times')} fill={NOT_SERVED} isAnimationActive={false} />
              </BarChart>
            ), (
              <Table<ReasonCount> size="small" rowKey="reason" pagination={false} columns={reasonColumns} dataSource={f?.mismatches.byReason ?? []}
                style={{ marginTop: 8 }} data-testid="table-mismatches" />
            ))}
          </Col>
          <Col xs={24} xl={12}>
            {chart(t('chart.review'), 'chart-review', !rv?.flagged, (
              <BarChart data={[
                { name: t('review.median'), minutes: rv?.medianMinutes ?? 0 },
                { name: t('review.p90'), minutes: rv?.p90Minutes ?? 0 },
                { name: t('review.max'), minutes: rv?.maxMinutes ?? 0 },
                { name: t('review.oldestWaiting'), minutes: rv?.oldestWaitingMinutes ?? 0 },
              ]}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="name" />
                <YAxis unit={` ${t('min')}`} />
                <Tooltip formatter={(v) => [t('minutes', { n: v }), '']} />
                <Bar dataKey="minutes" fill="#1565C0" isAnimationActive={false} />
              </BarChart>
            ))}
          </Col>
          <Col xs={24} xl={12}>
            <Card size="small" title={t('chart.rejections')} data-testid="table-rejections">
              <Table<ReasonCount> size="small" rowKey="reason" pagination={false} columns={reasonColumns} dataSource={f?.rejections.byReason ?? []}
                locale={{ emptyText: t('noData') }} />
            </Card>
          </Col>
        </Row>

        <Card size="small" title={t('table.byWard')}>
          <Table<WardGroup> size="small" rowKey={(w) => `${w.branchCode}-${w.id}`} pagination={false} columns={wardColumns} dataSource={f?.byWard ?? []} scroll={{ x: 900 }}
            locale={{ emptyText: t('noData') }} data-testid="table-ward" />
        </Card>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <Card size="small" title={t('table.orderTakers')}>
              <Table<Person> size="small" rowKey="person" pagination={{ pageSize: 10, hideOnSinglePage: true }}
                columns={personColumns(t('orders'), t('cancelled'))} dataSource={f?.orderTakers ?? []} locale={{ emptyText: t('noData') }}
                data-testid="table-takers" />
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card size="small" title={t('table.servers')}>
              <Table<Person> size="small" rowKey="person" pagination={{ pageSize: 10, hideOnSinglePage: true }}
                columns={personColumns(t('served'), t('rejectedCol'))} dataSource={f?.servers ?? []} locale={{ emptyText: t('noData') }}
                data-testid="table-servers" />
            </Card>
          </Col>
        </Row>
      </Space>
    </ScreenFrame>
  );
}
