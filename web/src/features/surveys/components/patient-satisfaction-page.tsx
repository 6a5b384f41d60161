import { App, Button, Col, Empty, Row, Skeleton, Space, Statistic, Tag, Typography, type TableColumnsType } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadOutlined } from '@/components/icons';
import { Table } from '@/components/table';
import { useExportResults } from '@/features/surveys/api/export-results';
import { useResults } from '@/features/surveys/api/get-results';
import { BranchFilter, codeParam, DatesFilter, dayParam } from '@/components/report-filters';
import { IdsFilter } from '@/features/surveys/components/filters';
import { NS } from '@/features/surveys/i18n';
import { QUESTIONS, type DishResult, type ResultsFilter, type SurveyRow } from '@/features/surveys/types';
import { idsParam, showAverage, showDay, textOn } from '@/features/surveys/values';
import { PagedList, pagedListSpec } from '@/components/paged-table';
import { ScreenFrame } from '@/components/screen-frame';
import { ROLE } from '@/config/roles';
import { useBranches } from '@/lib/api/get-branches';
import { DEFAULT_TIME_ZONE, formatDateTime } from '@/lib/dates';
import { useListState } from '@/lib/use-list-state';
import { useSession } from '@/lib/use-session';
import { localName } from '@/lib/names';

/** The charts (recharts) in their own chunk. */
const ResultCharts = lazy(() => import('@/features/surveys/components/result-charts'));

/** The screen's state in the address: `?from=&to=&wards=1,2&meals=&dishes=&branch=&page=&size=`. */
const LIST = pagedListSpec([], { from: dayParam, to: dayParam, wards: idsParam, meals: idsParam, dishes: idsParam, branch: codeParam });

/**
 * Patient satisfaction (Super Admin, Branch Admin; /auth/survey/patient-satisfaction): the
 * answers of a period by ward, meal type, dish and day as numbers, charts and a paged table,
 * exported to .xlsx through a signed link.
 */
export default function PatientSatisfactionPage() {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.language === 'en' ? 'en' : 'th';
  const { notification } = App.useApp();
  const { userInfo } = useSession();
  const allBranches = userInfo?.current?.roleCode === ROLE.superAdmin;
  const branches = useBranches();
  const timeZone = branches.data?.find((b) => b.code === userInfo?.current?.branchCode)?.timeZone ?? DEFAULT_TIME_ZONE;
  const [state, setState] = useListState(LIST);
  const filter: ResultsFilter = {
    dateFrom: state.from, dateTo: state.to, wardIds: state.wards, mealTimeIds: state.meals, menuIds: state.dishes,
    entryBranch: allBranches ? state.branch : '',
  };
  const results = useResults({ ...filter, page: state.page, size: state.size, lang });
  // the filters' choices: what was answered in the period, whatever is chosen (the same query when nothing is)
  const choices = useResults({ ...filter, wardIds: [], mealTimeIds: [], menuIds: [], page: 1, size: state.size, lang });
  const exporting = useExportResults();
  const data = results.data;
  const name = (r: { nameTh: string; nameEn: string }) => localName(r, lang);

  const exportFile = () =>
    exporting.mutate(filter, {
      onSuccess: (link) => {
        if (!link) notification.error({ message: t('results.nothingToExport') });
      },
    });

  const scores = QUESTIONS.map((q) => ({
    key: q, title: t(`questionShort.${q}`), width: 90, align: 'center' as const,
    render: (_: unknown, r: SurveyRow) => <span data-testid={`row-${q}`}>{r.answers[q]}</span>,
  }));
  const columns: TableColumnsType<SurveyRow> = [
    { key: 'answeredAt', title: t('results.col.answeredAt'), width: 160, render: (_, r) => formatDateTime(r.answeredAt, lang, timeZone) },
    ...(allBranches ? [{ key: 'branch', title: t('results.branch'), width: 90, render: (_: unknown, r: SurveyRow) => r.branchCode }] : []),
    { key: 'date', title: t('results.col.date'), width: 120, render: (_, r) => showDay(r.date, lang) },
    { key: 'ward', title: t('results.col.ward'), width: 160, render: (_, r) => <span data-testid="row-ward">{r.ward}</span> },
    {
      key: 'mealType', title: t('results.col.mealType'), width: 120,
      render: (_, r) => <Tag color={r.mealType.color} style={{ color: textOn(r.mealType.color) }}>{name(r.mealType)}</Tag>,
    },
    ...scores,
    { key: 'source', title: t('results.col.source'), width: 140, render: (_, r) => <Tag data-testid="row-source">{t(`results.source.${r.source}`)}</Tag> },
    { key: 'comment', title: t('results.col.comment'), render: (_, r) => <span data-testid="row-comment">{r.comment}</span> },
  ];
  const dishColumns: TableColumnsType<DishResult> = [
    { key: 'dish', title: t('results.col.dish'), render: (_, d) => name(d) },
    { key: 'count', title: t('results.count'), width: 100, align: 'right', dataIndex: 'count' },
    ...QUESTIONS.map((q) => ({ key: q, title: t(`questionShort.${q}`), width: 90, align: 'right' as const, render: (_: unknown, d: DishResult) => showAverage(d.averages[q]) })),
  ];

  const c = choices.data;
  return (
    <ScreenFrame title={t('results.title')} subtitle={t('results.subtitle')} testId="patient-satisfaction-page">
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <div className="list-toolbar">
          <Space wrap style={{ maxWidth: '100%' }}>
            {allBranches && (
              <BranchFilter value={state.branch} onChange={(branch) => setState({ branch, wards: [], meals: [], dishes: [] })} testId="survey-branch" />
            )}
            <DatesFilter
              label={t('results.dates')}
              hint={t('results.datesHint')}
              from={state.from}
              to={state.to}
              onChange={(from, to) => setState({ from, to })}
              testId="survey-dates"
            />
            <IdsFilter label={t('results.wards')} all={t('results.allWards')} value={state.wards} testId="survey-wards"
              options={(c?.byWard ?? []).flatMap((w) => (w.wardId === null ? [] : [{ value: w.wardId, label: w.name }]))} onChange={(wards) => setState({ wards })} />
            <IdsFilter label={t('results.mealTypes')} all={t('results.allMealTypes')} value={state.meals} testId="survey-meals"
              options={(c?.byMealType ?? []).map((m) => ({ value: m.mealTimeId, label: name(m) }))} onChange={(meals) => setState({ meals })} />
            <IdsFilter label={t('results.dishes')} all={t('results.allDishes')} value={state.dishes} testId="survey-dishes"
              options={(c?.byDish ?? []).map((d) => ({ value: d.menuId, label: name(d) }))} onChange={(dishes) => setState({ dishes })} />
          </Space>
          <Button icon={<DownloadOutlined />} onClick={exportFile} loading={exporting.isPending} data-testid="survey-export">
            {t('results.export')}
          </Button>
        </div>
        <Row gutter={[16, 16]} data-testid="survey-summary">
          <Col xs={12} md={4}>
            <Statistic title={t('results.count')} value={data?.count ?? 0} loading={!data} data-testid="summary-count" />
          </Col>
          {QUESTIONS.map((q) => (
            <Col xs={12} md={4} key={q}>
              <Statistic title={t(`question.${q}`)} value={showAverage(data?.averages[q])} suffix={data?.averages[q] != null ? '/ 5' : undefined}
                loading={!data} data-testid={`summary-${q}`} />
            </Col>
          ))}
        </Row>
        {!data ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : data.count === 0 ? (
          <Empty description={t('results.noData')} data-testid="survey-no-data" />
        ) : (
          <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
            <ResultCharts results={data} />
          </Suspense>
        )}
        {data && data.byDish.length > 0 && (
          <div>
            <Typography.Title level={5}>{t('results.chart.byDish')}</Typography.Title>
            <Table<DishResult> rowKey="menuId" size="small" columns={dishColumns} dataSource={data.byDish}
              pagination={{ pageSize: 10, hideOnSinglePage: true }} scroll={{ x: 'max-content' }} data-testid="survey-dishes-table" />
          </div>
        )}
        <PagedList<SurveyRow>
          state={state}
          onChange={setState}
          columns={columns}
          list={{ data: data && { items: data.rows.items, total: data.rows.total, page: state.page, size: state.size }, isFetching: results.isFetching }}
          scrollX={1300}
          testId="survey-table"
        />
      </Space>
    </ScreenFrame>
  );
}
