import { App, Button, Dropdown, Segmented, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '@/features/users/i18n';
import { DeleteOutlined, DownOutlined, EditOutlined, MailOutlined, PlusOutlined, UploadOutlined } from '@/components/icons';
import { useDeleteUsers } from '@/features/users/api/delete-users';
import { useSearchUsers } from '@/features/users/api/search-users';
import { ImportUsersModal } from '@/features/users/components/import-users-modal';
import { useInviteFlow } from '@/features/users/components/invite-flow';
import { personColumns } from '@/features/users/components/person-columns';
import { UserFormDrawer } from '@/features/users/components/user-form-drawer';
import { USER_STATUSES, type Account } from '@/features/users/types';
import { useLabels } from '@/features/users/use-labels';
import { TypeToDeleteModal } from '@/components/type-to-delete-modal';
import { ScreenFrame } from '@/components/screen-frame';
import { PagedList, pagedListSpec, sortOrder } from '@/components/paged-table';
import { oneOfParam, useListState } from '@/lib/use-list-state';

const STATUS_FILTER = ['ALL', ...USER_STATUSES] as const;

/** The list's state in the address: `?q=&status=&page=&size=&sort=`. */
const LIST = pagedListSpec(['employeeCode', 'name', 'status', 'createdAt'], { status: oneOfParam(STATUS_FILTER, 'ALL') });

/** User accounts (Super Admin, /auth/users): search, status filter, sort, pages, form, invitations, import. */
export default function UsersPage() {
  const { t } = useTranslation(['users', 'common']);
  const { notification } = App.useApp();
  const labels = useLabels();
  const me = labels.me?.employeeCode ?? '';
  const [state, setState] = useListState(LIST);
  const { q: criteria, status, page, size, sort } = state;
  const [selected, setSelected] = useState<Account[]>([]);
  const [editing, setEditing] = useState<number | null | undefined>(undefined); // undefined: closed, null: new
  const [toDelete, setToDelete] = useState<Account[] | null>(null);
  const [importing, setImporting] = useState(false);
  const invite = useInviteFlow(me);
  const del = useDeleteUsers();

  const sortBy = sort.field === 'name' ? (labels.lang === 'en' ? 'firstNameEn' : 'firstNameTh') : sort.field;
  const list = useSearchUsers({ criteria, page, size, sortBy, sortDesc: sort.desc, status });

  const confirmDelete = () => {
    if (!toDelete) return;
    del.mutate(
      { userIds: toDelete.map((a) => a.id), updateBy: me },
      {
        onSuccess: () => {
          notification.success({ message: t('users:common.deleted') });
          setSelected((s) => s.filter((x) => !toDelete.some((a) => a.id === x.id)));
          setToDelete(null);
        },
      },
    );
  };

  const person = personColumns<Account>(t, labels, sort);
  const columns: TableColumnsType<Account> = [
    person.code,
    person.name,
    {
      key: 'permissions', title: t('users:columns.permissions'),
      render: (_, a) =>
        a.permissions.length === 0 ? (
          <Typography.Text type="secondary">{t('users:accounts.noPairs')}</Typography.Text>
        ) : (
          <Space size={[4, 4]} wrap>
            {a.permissions.map((p) => (
              <Tooltip key={`${p.branchCode}/${p.roleCode}`} title={labels.branchName(p.branchCode)}>
                <Tag style={{ marginInlineEnd: 0 }}>
                  {p.branchCode} · {labels.roleName(p.roleCode)}
                </Tag>
              </Tooltip>
            ))}
          </Space>
        ),
    },
    person.status,
    {
      key: 'createdAt', dataIndex: 'createdAt', title: t('users:columns.createdAt'), width: 115,
      sorter: true, sortOrder: sortOrder(sort, 'createdAt'), render: (v: string) => labels.date(v),
    },
    {
      key: 'actions', title: t('users:common.actions'), width: 104, fixed: 'right',
      render: (_, a) => (
        <Space size={0}>
          <Tooltip title={t('users:common.edit')}>
            <Button type="text" icon={<EditOutlined />} aria-label={t('users:common.edit')} onClick={() => setEditing(a.id)} data-testid="row-edit" />
          </Tooltip>
          {(a.status === 'NOT_INVITED' || a.status === 'INVITED') && (
            <Tooltip title={a.status === 'INVITED' ? t('users:invite.resend') : t('users:invite.send')}>
              <Button
                type="text"
                icon={<MailOutlined />}
                aria-label={a.status === 'INVITED' ? t('users:invite.resend') : t('users:invite.send')}
                onClick={() => invite.inviteOne(a.id, a.email)}
                data-testid="row-invite"
              />
            </Tooltip>
          )}
          <Tooltip title={t('users:common.delete')}>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('users:common.delete')}
              onClick={() => setToDelete([a])}
              data-testid="row-delete"
            />
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <ScreenFrame title={t('users:accounts.title')} subtitle={t('users:accounts.subtitle')} testId="users-page">
        <PagedList<Account>
          state={state}
          onChange={setState}
          search={{ placeholder: t('users:common.search'), testId: 'users-search', width: 320 }}
          filters={
            // on a phone the five statuses scroll sideways instead of widening the page
            <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
              <Segmented
                aria-label={t('users:accounts.statusFilter')}
                value={status}
                onChange={(v) => setState({ status: v })}
                options={STATUS_FILTER.map((s) => ({ value: s, label: t(`users:status.${s}`) }))}
                data-testid="status-filter"
              />
            </div>
          }
          actions={
            <>
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    { key: 'NOT_INVITED', label: t('users:invite.notInvited') },
                    { key: 'NOT_INVITED,INVITED', label: t('users:invite.notInvitedAndWaiting') },
                  ],
                  onClick: ({ key }) => invite.inviteByStatus(key as 'NOT_INVITED' | 'NOT_INVITED,INVITED'),
                }}
              >
                <Button icon={<MailOutlined />} loading={invite.pending} data-testid="invite-menu">
                  {t('users:invite.menu')} <DownOutlined />
                </Button>
              </Dropdown>
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="import-open">
                {t('users:import.button')}
              </Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="user-add">
                {t('users:accounts.add')}
              </Button>
            </>
          }
          bulkActions={
            <Button
              danger
              icon={<DeleteOutlined />}
              onClick={() => setToDelete(selected)}
              data-testid="delete-selected"
            >
              {t('users:accounts.deleteSelected')}
            </Button>
          }
          columns={columns}
          list={list}
          selection={{ selected, onSelect: setSelected, rowLabel: (a) => `${labels.name(a)} ${a.email}` }}
          scrollX={900}
          testId="users-table"
        />

      <UserFormDrawer open={editing !== undefined} accountId={editing ?? null} onClose={() => setEditing(undefined)} />
      <TypeToDeleteModal
        open={toDelete !== null}
        pending={del.isPending}
        title={
          toDelete?.length === 1
            ? t('users:delete.titleOne', { name: labels.name(toDelete[0]) })
            : t('users:delete.title', { count: toDelete?.length ?? 0 })
        }
        description={t('users:delete.description')}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        {toDelete && (
          <ul style={{ paddingInlineStart: 20, marginTop: 0 }} data-testid="delete-list">
            {toDelete.slice(0, 10).map((a) => (
              <li key={a.id}>
                {a.employeeCode} · {labels.name(a)} · {a.email}
              </li>
            ))}
            {toDelete.length > 10 && <li>…</li>}
          </ul>
        )}
      </TypeToDeleteModal>
      <ImportUsersModal open={importing} createBy={me} onClose={() => setImporting(false)} />
    </ScreenFrame>
  );
}
