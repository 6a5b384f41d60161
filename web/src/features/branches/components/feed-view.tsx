import { Alert, App, Button, Descriptions, Popconfirm, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { KeyOutlined, RedoOutlined, SendOutlined } from '@/components/icons';
import { Table } from '@/components/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FEED_STATUSES,
  useDemoSender,
  useFeed,
  useFeedMessages,
  useReplay,
  useRotateFeedKey,
  useSendDemoDay,
  type FeedHour,
  type FeedMessage,
  type FeedStatus,
} from '@/features/branches/api/feed';
import { NS } from '@/features/branches/i18n';
import { formatDateTime } from '@/lib/dates';

type Props = {
  /** The branch whose feed is shown. */
  code: string;
  /** The Super Admin's: a new key for the hospital (a Branch Admin sees the feed, never makes a key). */
  canRotate: boolean;
};

/** Each status's tag colour (the text says the status: colour is never alone). */
const STATUS_COLOR: Record<FeedStatus, string> = {
  queued: 'processing',
  applied: 'success',
  skipped: 'default',
  stale: 'warning',
  duplicate: 'default',
  failed: 'error',
};

const PAGE_SIZE = 20;

/** The last day's messages by the hour: when, how many came in, were applied, failed. */
function Hours({ hours, lang }: { hours: FeedHour[]; lang: string }) {
  const { t } = useTranslation(NS);
  if (hours.length === 0) return <Typography.Text data-testid="feed-hours-none">{t('feed.hours.none')}</Typography.Text>;
  const columns: TableColumnsType<FeedHour> = [
    { key: 'hour', dataIndex: 'hour', title: t('feed.hours.hour'), render: (v: string) => formatDateTime(v, lang) },
    { key: 'received', dataIndex: 'received', title: t('feed.hours.received'), align: 'right' },
    { key: 'applied', dataIndex: 'applied', title: t('feed.hours.applied'), align: 'right' },
    { key: 'failed', dataIndex: 'failed', title: t('feed.hours.failed'), align: 'right' },
  ];
  return <Table<FeedHour> rowKey="hour" size="small" columns={columns} dataSource={[...hours].reverse()} pagination={false} data-testid="feed-hours" />;
}

/**
 * A branch's HL7 v2 feed (docs/hl7.md): where the interface engine posts and, for the Super
 * Admin, a new key for it (shown once), the last day by the hour, and the messages with their
 * outcome — a failed one queued again once its cause (a map) is fixed. On `make run` it also
 * sends the demo hospital's day. The Super Admin's in a drawer of the Branches screen
 * (FeedDrawer), a Branch Admin's of its own branch on its own screen (/auth/hl7-feed).
 */
export function FeedView({ code, canRotate }: Props) {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.language;
  const { notification } = App.useApp();
  const [status, setStatus] = useState<FeedStatus | undefined>();
  const [page, setPage] = useState(1);
  const [newKey, setNewKey] = useState<string | null>(null);
  const feed = useFeed(code);
  const messages = useFeedMessages(code, status, page, PAGE_SIZE);
  const rotate = useRotateFeedKey();
  const replay = useReplay();
  const demo = useDemoSender(code);
  const sendDemo = useSendDemoDay();

  const rotateKey = async () => {
    const f = await rotate.mutateAsync(code);
    setNewKey(f.feedKey ?? null);
  };
  const replayOne = async (m: FeedMessage) => {
    await replay.mutateAsync({ code, id: m.id });
    notification.success({ message: t('feed.replayed', { control: m.controlId }) });
  };
  const sendDay = async () => {
    const r = await sendDemo.mutateAsync(code);
    notification.success({ message: t('feed.demo.sent', { accepted: r.accepted, total: r.total }) });
  };

  const columns: TableColumnsType<FeedMessage> = [
    { key: 'receivedAt', dataIndex: 'receivedAt', title: t('feed.columns.receivedAt'), width: 150, render: (v: string) => formatDateTime(v, lang) },
    {
      key: 'type',
      title: t('feed.columns.type'),
      width: 130,
      render: (_, m) => (
        <Space direction="vertical" size={0}>
          <span>{m.messageType || '—'}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {m.controlId}
          </Typography.Text>
        </Space>
      ),
    },
    { key: 'hnId', dataIndex: 'hnId', title: t('feed.columns.hn'), width: 140, render: (v: string) => v || '—' },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('feed.columns.status'),
      width: 130,
      render: (s: FeedStatus, m) => (
        <Tag color={STATUS_COLOR[s]} data-testid="feed-status" data-status={s}>
          {t(`feed.status.${s}`)}
          {m.ack !== 'AA' ? ` · ${m.ack}` : ''}
        </Tag>
      ),
    },
    {
      key: 'reason',
      title: t('feed.columns.reason'),
      render: (_, m) =>
        m.reason || m.error ? (
          <Space direction="vertical" size={0} data-testid="feed-reason">
            {m.reason && <span>{m.reason}</span>}
            {m.error && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }} lang="en">
                {m.error}
              </Typography.Text>
            )}
          </Space>
        ) : null,
    },
    {
      key: 'actions',
      title: t('feed.columns.actions'),
      width: 110,
      render: (_, m) =>
        m.status === 'failed' && m.ack === 'AA' ? (
          <Button size="small" icon={<RedoOutlined />} loading={replay.isPending && replay.variables?.id === m.id} onClick={() => void replayOne(m)} data-testid="feed-replay">
            {t('feed.replay')}
          </Button>
        ) : null,
    },
  ];

  const f = feed.data;
  return (
    <div data-testid="feed-view">
      <Typography.Paragraph>{t('feed.intro')}</Typography.Paragraph>
      <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }} data-testid="feed-endpoint">
        <Descriptions.Item label={t('feed.endpoint')}>
          <Typography.Text copyable data-testid="feed-url">
            {f ? `${window.location.origin}${f.path}` : ''}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('feed.facility')}>{f?.facility || t('feed.facilityNone')}</Descriptions.Item>
        <Descriptions.Item label={t('feed.key')}>
          <span data-testid="feed-key-state">
            {f?.rotatedAt ? t('feed.keyRotated', { at: formatDateTime(f.rotatedAt, lang), by: f.rotatedBy }) : t('feed.keyNone')}
          </span>
        </Descriptions.Item>
      </Descriptions>
      {newKey && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('feed.newKey.title')}
          description={
            <Space direction="vertical">
              <span>{t('feed.newKey.text')}</span>
              <Typography.Text code copyable data-testid="feed-new-key">
                {newKey}
              </Typography.Text>
            </Space>
          }
          data-testid="feed-new-key-alert"
        />
      )}
      <Space wrap style={{ marginBottom: 24 }}>
        {canRotate && (
          <Popconfirm title={t('feed.rotate.confirmTitle')} description={t('feed.rotate.confirmText')} okText={t('feed.rotate.ok')} cancelText={t('feed.rotate.cancel')} onConfirm={() => rotateKey()}>
            <Button icon={<KeyOutlined />} loading={rotate.isPending} data-testid="feed-rotate">
              {t('feed.rotate.button')}
            </Button>
          </Popconfirm>
        )}
        {demo.data === true && (
          <Button icon={<SendOutlined />} loading={sendDemo.isPending} onClick={() => void sendDay()} data-testid="feed-demo">
            {t('feed.demo.button')}
          </Button>
        )}
      </Space>

      <Typography.Title level={5}>{t('feed.hours.title')}</Typography.Title>
      <div style={{ marginBottom: 24 }}>
        <Hours hours={messages.data?.hours ?? []} lang={lang} />
      </div>

      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('feed.messages')}
        </Typography.Title>
        <Select<FeedStatus | 'all'>
          style={{ width: 220 }}
          aria-label={t('feed.columns.status')}
          value={status ?? 'all'}
          onChange={(v) => {
            setStatus(v === 'all' ? undefined : v);
            setPage(1);
          }}
          options={[{ value: 'all' as const, label: t('feed.statusAll') }, ...FEED_STATUSES.map((s) => ({ value: s, label: t(`feed.status.${s}`) }))]}
          data-testid="feed-status-filter"
        />
      </Space>
      <Table<FeedMessage>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={messages.data?.items ?? []}
        loading={messages.isFetching && !messages.data}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('feed.empty') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: messages.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        data-testid="feed-messages"
      />
    </div>
  );
}
