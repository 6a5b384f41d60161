import { Alert, App, Empty, Form, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NOT_ASSIGNABLE } from '@/features/users/access-rules';
import { useAssignUsers } from '@/features/users/api/assign-users';
import { useUnassignedUsers } from '@/features/users/api/get-unassigned-users';
import { useLabels } from '@/features/users/use-labels';

type Props = { open: boolean; branchCode: string; defaultRole?: string; onClose: () => void };
type Values = { roleCode?: string; userIds: number[] };

/** Branch Admin: give a role in the branch to accounts that do not hold it yet. */
export function AssignUsersModal({ open, branchCode, defaultRole, onClose }: Props) {
  const { t } = useTranslation(['users', 'common']);
  const { notification } = App.useApp();
  const labels = useLabels();
  const [form] = Form.useForm<Values>();
  const roleCode = Form.useWatch('roleCode', form);
  const candidates = useUnassignedUsers({ branchCode, roleCode: open ? (roleCode ?? '') : '' });
  const assign = useAssignUsers();

  useEffect(() => {
    if (open) form.setFieldsValue({ roleCode: defaultRole && !NOT_ASSIGNABLE.includes(defaultRole) ? defaultRole : undefined, userIds: [] });
  }, [open, defaultRole, form]);

  // A Branch Admin gives neither the Super Admin's nor the Branch Admin's role (the API answers 403).
  const roleOptions = labels.roles
    .filter((r) => !NOT_ASSIGNABLE.includes(r.code))
    .map((r) => ({ value: r.code, label: labels.roleName(r.code) }));

  const onFinish = (v: Values) =>
    assign.mutate(
      { branchCode, roleCode: v.roleCode!, userIds: v.userIds },
      {
        onSuccess: () => {
          notification.success({ message: t('users:access.assigned', { count: v.userIds.length, role: labels.roleName(v.roleCode!) }) });
          onClose();
        },
      },
    );

  return (
    <Modal
      open={open}
      title={t('users:access.assignTitle', { branch: labels.branchName(branchCode) })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('users:access.assignOk')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: assign.isPending, 'data-testid': 'assign-ok' } as never}
      destroyOnHidden
      width={600}
      data-testid="assign-users"
    >
      <Alert type="info" showIcon message={t('users:access.effectNotice')} style={{ marginBottom: 16 }} />
      <Form<Values> form={form} layout="vertical" onFinish={onFinish} name="assign">
        <Form.Item name="roleCode" label={t('users:access.assignRole')} rules={[{ required: true, message: t('users:form.required.role') }]}>
          <Select
            options={roleOptions}
            placeholder={t('users:access.assignRole')}
            onChange={() => form.setFieldValue('userIds', [])}
            data-testid="assign-role"
          />
        </Form.Item>
        <Form.Item
          name="userIds"
          label={t('users:access.assignUsers')}
          extra={t('users:access.assignUsersHint')}
          rules={[{ required: true, type: 'array', min: 1, message: t('users:access.assignUsersRequired') }]}
        >
          <Select
            mode="multiple"
            allowClear
            showSearch
            disabled={!roleCode}
            loading={candidates.isFetching}
            placeholder={roleCode ? t('users:common.search') : t('users:access.assignPickRole')}
            optionFilterProp="search"
            notFoundContent={candidates.isFetching ? undefined : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('users:access.assignNone')} />}
            options={(candidates.data ?? []).map((a) => ({
              value: a.id,
              search: `${a.employeeCode} ${a.firstNameTh} ${a.lastNameTh} ${a.firstNameEn} ${a.lastNameEn}`,
              label: `${a.employeeCode} · ${labels.name(a)}`,
            }))}
            data-testid="assign-users-select"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
