import { App, Button, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { UnlockOutlined } from '@/components/icons';
import { Table } from '@/components/table';
import { useLockedUsers, type LockedUser } from '@/features/users/api/get-locked-users';
import { useUnlockUser } from '@/features/users/api/unlock-user';
import type { Labels } from '@/features/users/use-labels';

/**
 * Delayed sign-ins of the branch (Branch Admin), on the Access rights screen: the accounts
 * whose sign-in the server delays after failed passwords (only from the addresses that
 * failed). Shown only while there are some; Lift asks first, then lets the account sign in at
 * once. A Super Admin's delay is shown but not liftable here: it runs out by itself.
 */
export function DelayedSignIns({ branchCode, labels }: { branchCode: string; labels: Labels }) {
  const { t } = useTranslation(['users', 'common']);
  const { modal, notification } = App.useApp();
  const list = useLockedUsers(branchCode);
  const unlock = useUnlockUser();
  const rows = list.data ?? [];
  if (rows.length === 0) return null;

  const lift = (u: LockedUser) =>
    modal.confirm({
      title: t('users:delays.liftTitle', { name: `${labels.name(u)} (${u.employeeCode})` }),
      content: t('users:delays.liftDescription'),
      okText: t('users:delays.liftOk'),
      cancelText: t('common:cancel'),
      okButtonProps: { 'data-testid': 'lift-ok' } as never,
      onOk: () =>
        unlock.mutateAsync({ branchCode, userId: u.id }).then(
          (msg) => void notification.success({ message: msg }),
          // the query client's toast has told the user
          () => undefined,
        ),
    });

  const columns: TableColumnsType<LockedUser> = [
    { key: 'employeeCode', dataIndex: 'employeeCode', title: t('users:columns.employeeCode'), width: 130 },
    { key: 'name', title: t('users:columns.name'), render: (_, u) => labels.name(u) },
    { key: 'failures', dataIndex: 'failures', title: t('users:delays.failures'), width: 120, align: 'right' },
    { key: 'addresses', dataIndex: 'addresses', title: t('users:delays.addresses'), width: 120, align: 'right' },
    { key: 'lastAttemptAt', dataIndex: 'lastAttemptAt', title: t('users:delays.lastAttempt'), width: 180, render: (v: string) => labels.dateTime(v) },
    {
      key: 'delayedUntil', dataIndex: 'delayedUntil', title: t('users:delays.delayedUntil'), width: 200,
      render: (v: string | null) => (v ? labels.dateTime(v) : <Tag color="green">{t('users:delays.mayTryNow')}</Tag>),
    },
    {
      key: 'actions', title: t('users:common.actions'), width: 220, align: 'center',
      render: (_, u) =>
        u.liftable ? (
          <Button size="small" icon={<UnlockOutlined />} onClick={() => lift(u)} data-testid="lift-delay">
            {t('users:delays.lift')}
          </Button>
        ) : (
          <Typography.Text data-testid="lift-not-allowed">{t('users:delays.superAdmin')}</Typography.Text>
        ),
    },
  ];

  return (
    <Space direction="vertical" size="small" style={{ width: '100%', marginBottom: 24 }} data-testid="delayed-sign-ins">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('users:delays.title', { n: rows.length })}
      </Typography.Title>
      <Typography.Text type="secondary">{t('users:delays.intro')}</Typography.Text>
      <Table<LockedUser> rowKey="id" size="small" columns={columns} dataSource={rows} pagination={false} scroll={{ x: 'max-content' }} />
    </Space>
  );
}
