import { App, Button, Dropdown, Modal, Select, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '@/features/users/i18n';
import { DownOutlined, ExportOutlined, MinusCircleOutlined, UserAddOutlined } from '@/components/icons';
import { useDownloadAssignedUsers } from '@/features/users/api/download-assigned-users';
import { useDownloadUserPermissionReport } from '@/features/users/api/download-user-permission-report';
import { useSearchUserAccess } from '@/features/users/api/search-user-access';
import { useUnassignUsers } from '@/features/users/api/unassign-users';
import { NOT_ASSIGNABLE, removableRoles } from '@/features/users/access-rules';
import { AssignUsersModal } from '@/features/users/components/assign-users-modal';
import { DelayedSignIns } from '@/features/users/components/delayed-sign-ins';
import { personColumns } from '@/features/users/components/person-columns';
import { accessSortParam } from '@/features/users/table-sort';
import { USER_STATUSES, type Access } from '@/features/users/types';
import { useLabels } from '@/features/users/use-labels';
import type { FileLink } from '@/lib/api-client';
import { ROLE_CODES } from '@/config/roles';
import { ScreenFrame } from '@/components/screen-frame';
import { PagedList, pagedListSpec, sortOrder } from '@/components/paged-table';
import { oneOfParam, useListState } from '@/lib/use-list-state';

type Removal = { users: Access[]; roleCode: string };

/** The list's state in the address: `?q=&role=&status=&page=&size=&sort=`. */
const LIST = pagedListSpec(['employeeCode', 'name', 'status', 'passwordChangedAt'], {
  role: oneOfParam(['ALL', ...ROLE_CODES] as const, 'ALL'),
  status: oneOfParam(['ALL', ...USER_STATUSES] as const, 'ALL'),
});

/** Access rights (Branch Admin, /auth/user-permission-branch): who works in the branch as what. */
export default function UserAccessPage() {
  const { t } = useTranslation(['users', 'common']);
  const { notification } = App.useApp();
  const labels = useLabels();
  const branchCode = labels.currentBranch;
  const [state, setState] = useListState(LIST);
  const { q: criteria, role: roleCode, status, page, size, sort } = state;
  const [selected, setSelected] = useState<Access[]>([]);
  const [assigning, setAssigning] = useState(false);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const unassign = useUnassignUsers();
  const reportAll = useDownloadUserPermissionReport();
  const reportRole = useDownloadAssignedUsers();

  const sortField = sort.field === 'name' ? (labels.lang === 'en' ? 'firstNameEn' : 'firstNameTh') : sort.field;
  const list = useSearchUserAccess({
    branchCode, criteria, page, size, roleCode, status, sort: accessSortParam({ field: sortField, desc: sort.desc }),
  });

  const saved = (f: FileLink | null) => {
    if (!f) notification.warning({ message: t('users:common.dataNotFound') });
  };

  const confirmRemoval = () => {
    if (!removal) return;
    unassign.mutate(
      { branchCode, roleCode: removal.roleCode, userIds: removal.users.map((u) => u.id) },
      {
        onSuccess: () => {
          notification.success({ message: t('users:access.removed') });
          setSelected([]);
          setRemoval(null);
        },
        onError: () => setRemoval(null),
      },
    );
  };

  const person = personColumns<Access>(t, labels, sort);
  const columns: TableColumnsType<Access> = [
    person.code,
    person.name,
    {
      key: 'roles', title: t('users:columns.rolesInBranch'),
      render: (_, a) => (
        <Space size={[4, 4]} wrap data-testid="row-roles">
          {a.roles.map((r) => (
            <Tag key={r} color={r === roleCode ? 'cyan' : undefined} style={{ marginInlineEnd: 0 }}>
              {labels.roleName(r)}
            </Tag>
          ))}
        </Space>
      ),
    },
    person.status,
    {
      key: 'passwordChangedAt', dataIndex: 'passwordChangedAt', title: t('users:columns.passwordChangedAt'), width: 150,
      sorter: true, sortOrder: sortOrder(sort, 'passwordChangedAt'), render: (v: string | null) => labels.date(v) || '–',
    },
    {
      key: 'actions', title: t('users:common.actions'), width: 80, fixed: 'right', align: 'center',
      render: (_, a) => {
        const removable = removableRoles(a, labels.me?.id);
        return removable.length === 0 ? null : (
          <RemoveRoleMenu
            label={t('users:access.removeRole')}
            items={removable.map((r) => ({ key: r, label: labels.roleName(r), danger: true }))}
            onPick={(key) => setRemoval({ users: [a], roleCode: key })}
          />
        );
      },
    },
  ];

  const roleFilterOptions = [
    { value: 'ALL', label: t('users:access.allRoles') },
    ...labels.roles.map((r) => ({ value: r.code, label: labels.roleName(r.code) })),
  ];

  return (
    <ScreenFrame title={t('users:access.title')} subtitle={t('users:access.subtitle', { branch: `${labels.branchName(branchCode)} (${branchCode})` })} testId="access-page">
        <DelayedSignIns branchCode={branchCode} labels={labels} />
        <PagedList<Access>
          state={state}
          onChange={setState}
          search={{ placeholder: t('users:common.search'), testId: 'access-search', width: 300 }}
          filters={
            <>
              <Select
                aria-label={t('users:access.roleFilter')}
                value={roleCode}
                style={{ width: 200 }}
                options={roleFilterOptions}
                onChange={(v) => {
                  setState({ role: v });
                  setSelected([]);
                }}
                data-testid="role-filter"
              />
              <Select
                aria-label={t('users:accounts.statusFilter')}
                value={status}
                style={{ width: 190 }}
                options={['ALL', ...USER_STATUSES].map((s) => ({ value: s, label: t(`users:status.${s}`) }))}
                onChange={(v) => setState({ status: v })}
                data-testid="access-status-filter"
              />
            </>
          }
          actions={
            <>
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    { key: 'all', label: t('users:access.exportAll') },
                    {
                      key: 'byRole',
                      label: t('users:access.exportByRole'),
                      children: labels.roles.map((r) => ({ key: `role:${r.code}`, label: labels.roleName(r.code) })),
                    },
                  ],
                  onClick: ({ key }) => {
                    if (key === 'all') reportAll.mutate(branchCode, { onSuccess: saved });
                    else reportRole.mutate({ branchCode, roleCode: key.slice(5) }, { onSuccess: saved });
                  },
                }}
              >
                <Button icon={<ExportOutlined />} loading={reportAll.isPending || reportRole.isPending} data-testid="export-menu">
                  {t('users:access.export')} <DownOutlined />
                </Button>
              </Dropdown>
              <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAssigning(true)} data-testid="assign-open">
                {t('users:access.assign')}
              </Button>
            </>
          }
          bulkActions={
            <Tooltip title={roleCode === 'ALL' ? t('users:access.selectRoleToBulk') : undefined}>
              <Button
                danger
                icon={<MinusCircleOutlined />}
                disabled={roleCode === 'ALL' || NOT_ASSIGNABLE.includes(roleCode) || selected.some((a) => a.id === labels.me?.id)}
                onClick={() => setRemoval({ users: selected, roleCode })}
                data-testid="remove-selected"
              >
                {t('users:access.removeSelected', { role: roleCode === 'ALL' ? '' : labels.roleName(roleCode) })}
              </Button>
            </Tooltip>
          }
          columns={columns}
          list={list}
          selection={{ selected, onSelect: setSelected, rowLabel: (a) => `${labels.name(a)} ${a.email}` }}
          scrollX={900}
          testId="access-table"
        />

      <AssignUsersModal open={assigning} branchCode={branchCode} defaultRole={roleCode === 'ALL' ? undefined : roleCode} onClose={() => setAssigning(false)} />
      <Modal
        open={removal !== null}
        title={
          removal && removal.users.length === 1
            ? t('users:access.removeTitle', { role: labels.roleName(removal.roleCode), name: labels.name(removal.users[0]) })
            : t('users:access.removeManyTitle', { role: labels.roleName(removal?.roleCode ?? ''), count: removal?.users.length ?? 0 })
        }
        onCancel={() => setRemoval(null)}
        onOk={confirmRemoval}
        okText={t('users:access.removeOk')}
        cancelText={t('common:cancel')}
        okButtonProps={{ danger: true, loading: unassign.isPending, 'data-testid': 'remove-ok' } as never}
        centered
        destroyOnHidden
      >
        <Typography.Paragraph>{t('users:access.removeDescription')}</Typography.Paragraph>
      </Modal>
    </ScreenFrame>
  );
}

/**
 * The row's "remove role" button and its menu of roles. Its tooltip shows on hover only while
 * the menu is closed: open, it would lie over the menu's second role (issue 19 item 9).
 */
function RemoveRoleMenu({ label, items, onPick }: { label: string; items: { key: string; label: string; danger: boolean }[]; onPick: (key: string) => void }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [tipOpen, setTipOpen] = useState(false);
  return (
    <Dropdown
      trigger={['click']}
      open={menuOpen}
      onOpenChange={(open) => {
        setMenuOpen(open);
        if (open) setTipOpen(false);
      }}
      menu={{
        items,
        onClick: ({ key }) => {
          setMenuOpen(false);
          onPick(key);
        },
      }}
    >
      <Tooltip title={label} open={tipOpen && !menuOpen} onOpenChange={setTipOpen}>
        <Button type="text" danger icon={<MinusCircleOutlined />} aria-label={label} data-testid="row-remove-role" />
      </Tooltip>
    </Dropdown>
  );
}
