import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddBranchModal } from '@/features/branches/components/add-branch-modal';
import { NS } from '@/features/branches/i18n';
import { useBranches, type Branch } from '@/lib/api/get-branches';

/** The branches of the group (Super Admin, /auth/branches): the list and "add branch". */
export default function BranchesPage() {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.language;
  const branches = useBranches();
  const [adding, setAdding] = useState(false);
  const rows = branches.data ?? [];
  const branchName = (b: Branch) => (lang === 'en' ? b.nameEn || b.nameTh : b.nameTh || b.nameEn);

  const columns: TableColumnsType<Branch> = [
    { key: 'code', dataIndex: 'code', title: t('columns.code'), width: 140, sorter: (a, b) => a.code.localeCompare(b.code), defaultSortOrder: 'ascend' },
    { key: 'nameTh', dataIndex: 'nameTh', title: t('columns.nameTh'), sorter: (a, b) => a.nameTh.localeCompare(b.nameTh, 'th') },
    { key: 'nameEn', dataIndex: 'nameEn', title: t('columns.nameEn'), sorter: (a, b) => a.nameEn.localeCompare(b.nameEn, 'en') },
    { key: 'timeZone', dataIndex: 'timeZone', title: t('columns.timeZone'), width: 200 },
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
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="branch-add">
            {t('add')}
          </Button>
        </Space>
        <Table<Branch>
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
      <AddBranchModal open={adding} branches={rows} branchName={branchName} onClose={() => setAdding(false)} />
    </div>
  );
}
