import { Space, Typography, type TableColumnType } from 'antd';
import type { TFunction } from 'i18next';
import { sortOrder } from '@/components/paged-table';
import type { ListSort } from '@/lib/use-list-state';
import { StatusTag } from '@/features/users/components/status-tag';
import type { Account } from '@/features/users/types';
import type { Labels } from '@/features/users/use-labels';

/** The columns both users lists show alike: employee code, name (with the e-mail) and status. */
export function personColumns<T extends Account>(t: TFunction, labels: Labels, sort: ListSort) {
  const code: TableColumnType<T> = {
    key: 'employeeCode', dataIndex: 'employeeCode', title: t('users:columns.employeeCode'), width: 130,
    sorter: true, sortOrder: sortOrder(sort, 'employeeCode'),
  };
  const name: TableColumnType<T> = {
    key: 'name', title: t('users:columns.name'), width: 220, sorter: true, sortOrder: sortOrder(sort, 'name'),
    render: (_, a) => (
      <Space direction="vertical" size={0} style={{ maxWidth: 205 }}>
        <Typography.Text>{labels.name(a)}</Typography.Text>
        <Typography.Text type="secondary" ellipsis={{ tooltip: a.email }} style={{ fontSize: 13, maxWidth: 205 }}>
          {a.email}
        </Typography.Text>
      </Space>
    ),
  };
  const status: TableColumnType<T> = {
    key: 'status', dataIndex: 'status', title: t('users:columns.status'), width: 130,
    sorter: true, sortOrder: sortOrder(sort, 'status'), render: (s: string) => <StatusTag status={s} />,
  };
  return { code, name, status };
}
