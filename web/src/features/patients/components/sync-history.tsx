import { Alert, Button, Drawer, Tabs, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryOutlined } from '@/components/icons';
import { Table } from '@/components/table';
import { useSyncHistory } from '@/features/patients/api/get-sync-history';
import { FeedDays } from '@/features/patients/components/feed-days';
import { SyncReportView } from '@/features/patients/components/sync-report';
import { NS } from '@/features/patients/i18n';
import { reportChanged, type SyncJob } from '@/features/patients/sync';
import { useLabels } from '@/features/patients/use-labels';
import { formatDateTime } from '@/lib/dates';

const PAGE_SIZE = 10;

const STATUS_COLOR: Record<SyncJob['status'], string> = { QUEUED: 'processing', RUNNING: 'processing', DONE: 'success', FAILED: 'error' };

/**
 * The branch's last syncs (Controller, beside the sync button): each with when, who, how it
 * ended and, opened, its whole report — the counts, the warnings and the patients it changed,
 * each a link to the patient's change record. A report is never lost with the sync's dialog.
 * Beside them, the HL7 v2 feed's days: what the hospital's messages changed each day.
 */
export function SyncHistory() {
  const { t, i18n } = useTranslation(NS);
  const labels = useLabels();
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const history = useSyncHistory(labels.branch, page, PAGE_SIZE, open);

  const columns: TableColumnsType<SyncJob> = [
    { key: 'createdAt', dataIndex: 'createdAt', title: t('syncHistory.columns.at'), render: (v: string) => formatDateTime(v, i18n.language) },
    { key: 'createdBy', dataIndex: 'createdBy', title: t('syncHistory.columns.by') },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('syncHistory.columns.status'),
      render: (_, j) => (
        <Tag color={STATUS_COLOR[j.status]} data-testid="sync-history-status">
          {j.phaseLabel}
        </Tag>
      ),
    },
    { key: 'census', title: t('syncHistory.columns.census'), align: 'right', render: (_, j) => j.report?.census ?? j.census },
    {
      key: 'changed',
      title: t('syncHistory.columns.changed'),
      align: 'right',
      render: (_, j) => <span data-testid="sync-history-changed">{reportChanged(j.report) ?? '—'}</span>,
    },
  ];

  return (
    <>
      <Button icon={<HistoryOutlined />} onClick={() => setOpen(true)} data-testid="sync-history-open">
        {t('syncHistory.button')}
      </Button>
      <Drawer open={open} width={820} title={t('syncHistory.title')} onClose={() => setOpen(false)} destroyOnHidden data-testid="sync-history">
        <Tabs
          items={[
            {
              key: 'syncs',
              label: t('syncHistory.tabs.syncs'),
              children: (
                <Table<SyncJob>
                  rowKey="jobId"
                  size="small"
                  columns={columns}
                  dataSource={history.data?.items ?? []}
                  loading={history.isFetching && !history.data}
                  locale={{ emptyText: t('syncHistory.empty') }}
                  expandable={{
                    expandRowByClick: true,
                    rowExpandable: (j) => j.status === 'DONE' || j.status === 'FAILED',
                    expandedRowRender: (j) =>
                      j.status === 'FAILED' ? <Alert type="error" showIcon message={j.error || t('sync.failed')} /> : <SyncReportView job={j} withPatients />,
                  }}
                  pagination={{ current: page, pageSize: PAGE_SIZE, total: history.data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
                  data-testid="sync-history-table"
                />
              ),
            },
            { key: 'feed', label: t('syncHistory.tabs.feed'), children: <FeedDays branch={labels.branch} /> },
          ]}
          data-testid="sync-history-tabs"
        />
      </Drawer>
    </>
  );
}
