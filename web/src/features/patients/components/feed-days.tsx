import { Alert, Space, Spin, Typography, type TableColumnsType } from 'antd';
import { Table } from '@/components/table';
import { useTranslation } from 'react-i18next';
import { useFeedDay, useFeedDays, type FeedDay, type FeedFailure } from '@/features/patients/api/get-feed-days';
import { ReportView } from '@/features/patients/components/sync-report';
import { NS } from '@/features/patients/i18n';
import { formatDate, formatDateTime } from '@/lib/dates';

/** One day's report, read when its row is opened: what the messages changed, then the ones that failed and why. */
function FeedDayView({ branch, day }: { branch: string; day: string }) {
  const { t, i18n } = useTranslation(NS);
  const r = useFeedDay(branch, day);
  if (!r.data) return <Spin />;
  const d = r.data;
  const columns: TableColumnsType<FeedFailure> = [
    { key: 'receivedAt', dataIndex: 'receivedAt', title: t('feedDays.failures.at'), width: 150, render: (v: string) => formatDateTime(v, i18n.language) },
    { key: 'message', title: t('feedDays.failures.message'), render: (_, f) => `${f.messageType || '—'} · ${f.controlId || '—'}` },
    { key: 'hnId', dataIndex: 'hnId', title: t('feedDays.failures.hn'), render: (v: string) => v || '—' },
    {
      key: 'reason',
      title: t('feedDays.failures.reason'),
      render: (_, f) => (
        <Space direction="vertical" size={0}>
          {f.reason && <span>{f.reason}</span>}
          {f.error && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} lang="en">
              {f.error}
            </Typography.Text>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="feed-day">
      <ReportView report={d.report} title={t('feedDays.reportTitle', { count: d.applied, received: d.received })} withPatients />
      {d.failureCount > 0 && (
        <>
          <Alert type="warning" showIcon message={t('feedDays.failures.title', { count: d.failureCount })} description={t('feedDays.failures.who')} />
          <Table<FeedFailure> rowKey="id" size="small" columns={columns} dataSource={d.failures} pagination={false} data-testid="feed-day-failures" />
        </>
      )}
    </Space>
  );
}

/**
 * The hospital's HL7 v2 feed day by day (Controller, in "Last syncs" beside the syncs; docs/hl7.md):
 * each day's messages by outcome and, opened, what they changed together — admitted, moved,
 * discharged, diet and allergy changes, each patient a link to its change record — and the
 * messages that failed, with why.
 */
export function FeedDays({ branch }: { branch: string }) {
  const { t, i18n } = useTranslation(NS);
  const days = useFeedDays(branch, true);
  const columns: TableColumnsType<FeedDay> = [
    { key: 'day', dataIndex: 'day', title: t('feedDays.columns.day'), render: (v: string) => formatDate(`${v}T12:00:00+07:00`, i18n.language) },
    { key: 'received', dataIndex: 'received', title: t('feedDays.columns.received'), align: 'right' },
    { key: 'applied', dataIndex: 'applied', title: t('feedDays.columns.applied'), align: 'right' },
    { key: 'failed', dataIndex: 'failed', title: t('feedDays.columns.failed'), align: 'right', render: (v: number) => <span data-testid="feed-day-failed">{v}</span> },
    { key: 'patients', dataIndex: 'patients', title: t('feedDays.columns.patients'), align: 'right', render: (v: number) => <span data-testid="feed-day-patients">{v}</span> },
  ];
  return (
    <Table<FeedDay>
      rowKey="day"
      size="small"
      columns={columns}
      dataSource={days.data ?? []}
      loading={days.isFetching && !days.data}
      locale={{ emptyText: t('feedDays.empty') }}
      expandable={{ expandRowByClick: true, expandedRowRender: (d) => <FeedDayView branch={branch} day={d.day} /> }}
      pagination={false}
      data-testid="feed-days"
    />
  );
}
