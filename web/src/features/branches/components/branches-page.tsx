import { Button, Card, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiOutlined, EditOutlined, InboxOutlined, PlusOutlined } from '@/components/icons';
import { Table } from '@/components/table';
import { useAllBranches, type BranchRow } from '@/features/branches/api/get-all-branches';
import { BranchFormModal } from '@/features/branches/components/branch-form-modal';
import { ConnectorDrawer } from '@/features/branches/components/connector-drawer';
import { FeedDrawer } from '@/features/branches/components/feed-drawer';
import { NS } from '@/features/branches/i18n';
import type { Branch } from '@/lib/api/get-branches';
import { localName } from '@/lib/names';

/** The form's state: closed, adding, or editing a branch. */
type Editing = { open: false } | { open: true; branch: BranchRow | null };

/** The branches of the group (Super Admin, /auth/branches): every one, active or not; add, edit. */
export default function BranchesPage() {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.language;
  const branches = useAllBranches();
  const [editing, setEditing] = useState<Editing>({ open: false });
  const [connecting, setConnecting] = useState<{ code: string; name: string } | null>(null);
  const [feeding, setFeeding] = useState<{ code: string; name: string } | null>(null);
  const rows = branches.data ?? [];
  const branchName = (b: Branch) => localName(b, lang);

  const columns: TableColumnsType<BranchRow> = [
    { key: 'code', dataIndex: 'code', title: t('columns.code'), width: 140, sorter: (a, b) => a.code.localeCompare(b.code), defaultSortOrder: 'ascend' },
    { key: 'nameTh', dataIndex: 'nameTh', title: t('columns.nameTh'), sorter: (a, b) => a.nameTh.localeCompare(b.nameTh, 'th') },
    { key: 'nameEn', dataIndex: 'nameEn', title: t('columns.nameEn'), sorter: (a, b) => a.nameEn.localeCompare(b.nameEn, 'en') },
    { key: 'timeZone', dataIndex: 'timeZone', title: t('columns.timeZone'), width: 200 },
    {
      key: 'active', dataIndex: 'active', title: t('columns.status'), width: 130,
      render: (active: boolean) => (
        <Tag color={active ? 'green' : 'default'} data-testid="branch-status">
          {t(active ? 'status.active' : 'status.inactive')}
        </Tag>
      ),
    },
    {
      key: 'actions', title: t('columns.actions'), width: 150, align: 'center',
      render: (_, b) => (
        <Space size={0}>
          <Tooltip title={t('edit')}>
            <Button type="text" icon={<EditOutlined />} aria-label={t('edit')} onClick={() => setEditing({ open: true, branch: b })} data-testid="branch-edit" />
          </Tooltip>
          <Tooltip title={t('connector.open')}>
            <Button
              type="text"
              icon={<ApiOutlined />}
              aria-label={t('connector.open')}
              onClick={() => setConnecting({ code: b.code, name: `${branchName(b)} (${b.code})` })}
              data-testid="branch-connector"
            />
          </Tooltip>
          <Tooltip title={t('feed.open')}>
            <Button
              type="text"
              icon={<InboxOutlined />}
              aria-label={t('feed.open')}
              onClick={() => setFeeding({ code: b.code, name: `${branchName(b)} (${b.code})` })}
              data-testid="branch-feed"
            />
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="branches-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('title')}
      </Typography.Title>
      <Card>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
          <Typography.Text type="secondary" style={{ maxWidth: 720, display: 'inline-block' }}>
            {t('intro')}
          </Typography.Text>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true, branch: null })} data-testid="branch-add">
            {t('add')}
          </Button>
        </Space>
        <Table<BranchRow>
          rowKey="code"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={branches.isFetching}
          pagination={rows.length > 20 ? { pageSize: 20 } : false}
          scroll={{ x: 'max-content' }}
          data-testid="branches-table"
        />
      </Card>
      <BranchFormModal
        open={editing.open}
        editing={editing.open ? editing.branch : null}
        branches={rows.filter((b) => b.active)}
        branchName={branchName}
        onClose={() => setEditing({ open: false })}
      />
      <ConnectorDrawer branch={connecting} onClose={() => setConnecting(null)} />
      <FeedDrawer branch={feeding} onClose={() => setFeeding(null)} />
    </div>
  );
}
