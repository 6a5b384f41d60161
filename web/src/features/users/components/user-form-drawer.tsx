import {
  Alert, App, Button, Col, Descriptions, Divider, Drawer, Form, Input, Row, Select, Skeleton, Space, Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteOutlined, InfoCircleOutlined, PlusOutlined } from '@/components/icons';
import { useRoles } from '@/lib/api/get-roles';
import { useUser } from '@/features/users/api/get-user';
import { useSaveUser } from '@/features/users/api/save-user';
import { StatusTag } from '@/features/users/components/status-tag';
import { useLabels } from '@/features/users/use-labels';
import type { Account, AccountInput, Pair, UserStatus } from '@/features/users/types';
import { useGuardedClose } from '@/components/unsaved-changes';
import { isApiError } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form-errors';

type FormValues = {
  employeeCode: string;
  email: string;
  firstNameTh: string;
  lastNameTh: string;
  firstNameEn: string;
  lastNameEn: string;
  status?: UserStatus;
  note: string;
  permissions: Partial<Pair>[];
};

/** The fields the server's messages may name (422 data.fields). */
const FORM_FIELDS = ['employeeCode', 'email', 'firstNameTh', 'lastNameTh', 'firstNameEn', 'lastNameEn', 'note', 'status'];

const EMPTY: FormValues = {
  employeeCode: '', email: '', firstNameTh: '', lastNameTh: '', firstNameEn: '', lastNameEn: '', note: '', permissions: [],
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function toValues(a: Account): FormValues {
  return {
    employeeCode: a.employeeCode, email: a.email, firstNameTh: a.firstNameTh, lastNameTh: a.lastNameTh,
    firstNameEn: a.firstNameEn, lastNameEn: a.lastNameEn, status: a.status, note: a.note,
    permissions: a.permissions.map((p) => ({ ...p })),
  };
}

/** The body the API takes from the form's values (trimmed; incomplete pairs left out). */
export function toInput(v: FormValues, id: number | null, by: string): AccountInput {
  const trim = (s: string | undefined) => (s ?? '').trim();
  return {
    ...(id ? { id, status: v.status } : {}),
    employeeCode: trim(v.employeeCode),
    email: trim(v.email).toLowerCase(),
    firstNameTh: trim(v.firstNameTh),
    lastNameTh: trim(v.lastNameTh),
    firstNameEn: trim(v.firstNameEn),
    lastNameEn: trim(v.lastNameEn),
    note: v.note ?? '',
    permissions: (v.permissions ?? [])
      .filter((p): p is Pair => !!p?.branchCode && !!p?.roleCode)
      .map((p) => ({ branchCode: p.branchCode, roleCode: p.roleCode })),
    updateBy: by,
  };
}

/** One branch/role pair: the role list is the chosen branch's. */
function PairRow({ name, remove, index }: { name: number; remove: () => void; index: number }) {
  const { t } = useTranslation('users');
  const labels = useLabels();
  const form = Form.useFormInstance<FormValues>();
  const branch = Form.useWatch(['permissions', name, 'branchCode'], form) as string | undefined;
  const roles = useRoles(branch);
  return (
    <Row gutter={8} align="top" wrap={false} data-testid={`pair-${index}`}>
      <Col flex="1 1 0" style={{ minWidth: 0 }}>
        <Form.Item
          name={[name, 'branchCode']}
          rules={[{ required: true, message: t('form.required.branch') }]}
          style={{ marginBottom: 8 }}
        >
          <Select
            aria-label={t('form.branch')}
            placeholder={t('form.branch')}
            showSearch
            optionFilterProp="label"
            data-testid="pair-branch"
            options={labels.branches.map((b) => ({ value: b.code, label: `${labels.branchName(b.code)} (${b.code})` }))}
            onChange={() => form.setFieldValue(['permissions', name, 'roleCode'], undefined)}
          />
        </Form.Item>
      </Col>
      <Col flex="1 1 0" style={{ minWidth: 0 }}>
        <Form.Item
          name={[name, 'roleCode']}
          dependencies={[['permissions']]}
          rules={[
            { required: true, message: t('form.required.role') },
            ({ getFieldValue }) => ({
              validator(_, role: string | undefined) {
                const all = (getFieldValue('permissions') ?? []) as Partial<Pair>[];
                const same = all.filter((p, i) => i !== name && p?.branchCode === branch && p?.roleCode === role);
                return role && branch && same.length > 0 ? Promise.reject(new Error(t('form.duplicatePair'))) : Promise.resolve();
              },
            }),
          ]}
          style={{ marginBottom: 8 }}
        >
          <Select
            aria-label={t('form.role')}
            placeholder={branch ? t('form.role') : t('form.pickBranchFirst')}
            disabled={!branch}
            loading={roles.isFetching}
            data-testid="pair-role"
            options={(roles.data ?? []).map((r) => ({ value: r.code, label: labels.lang === 'en' ? r.nameEn : r.nameTh }))}
          />
        </Form.Item>
      </Col>
      <Col flex="none">
        <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('form.removePair')} onClick={remove} />
      </Col>
    </Row>
  );
}

type Props = { open: boolean; accountId: number | null; onClose: () => void };

/** Create or edit an account (Super Admin), with its branch/role pairs. */
export function UserFormDrawer({ open, accountId, onClose }: Props) {
  const { t } = useTranslation(['users', 'common']);
  const { notification } = App.useApp();
  const labels = useLabels();
  const [form] = Form.useForm<FormValues>();
  const editing = accountId !== null;
  const guard = useGuardedClose(open, onClose);
  const user = useUser(open ? accountId : null);
  const save = useSaveUser();
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setFormError(null);
    form.resetFields();
    if (!editing) form.setFieldsValue(EMPTY);
    else if (user.data) form.setFieldsValue(toValues(user.data));
  }, [open, editing, user.data, form]);

  const account = editing ? user.data : undefined;

  const onFinish = (v: FormValues) => {
    setFormError(null);
    save.mutate(toInput(v, accountId, labels.me?.employeeCode ?? ''), {
      onSuccess: () => {
        notification.success({ message: t('users:common.saved') });
        onClose();
      },
      onError: (e) => {
        if (isApiError(e) && e.code === 'DUPLICATE_EMAIL') {
          form.setFields([{ name: 'email', errors: [t('users:form.duplicateEmail')] }]);
        } else if (isApiError(e) && e.code === 'DUPLICATE_EMPLOYEE_CODE') {
          form.setFields([{ name: 'employeeCode', errors: [t('users:form.duplicateEmployeeCode')] }]);
        } else {
          const rest = applyFieldErrors(form, e, FORM_FIELDS);
          if (rest.length > 0) setFormError(rest.join(' '));
        }
      },
    });
  };

  const statusOptions = (account?.registered ? (['ACTIVE', 'INACTIVE'] as const) : [account?.status ?? 'NOT_INVITED']).map((s) => ({
    value: s,
    label: t(`users:status.${s}`),
  }));

  return (
    <Drawer
      open={open}
      // Escape, the ✕, a click beside it: ask first when something was changed (Cancel discards)
      onClose={guard.close}
      width={720}
      title={editing ? t('users:form.editTitle') : t('users:form.createTitle')}
      destroyOnHidden
      data-testid="user-form"
      extra={
        <Space>
          <Button onClick={onClose}>{t('users:form.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="user-form-save">
            {t('users:form.save')}
          </Button>
        </Space>
      }
    >
      {editing && user.isLoading ? (
        <Skeleton active />
      ) : (
        <Form<FormValues>
          form={form}
          layout="vertical"
          onFinish={onFinish}
          requiredMark
          name="user"
          initialValues={EMPTY}
          onValuesChange={(changed: Partial<FormValues>) => {
            guard.changed();
            // A pair's "already in the list" goes away when the other pair changes.
            if (!changed.permissions) return;
            const names = ((form.getFieldValue('permissions') ?? []) as unknown[])
              .map((_, i) => ['permissions', i, 'roleCode'] as const)
              .filter((n) => form.getFieldError(n as never).length > 0);
            if (names.length > 0) form.validateFields(names as never).catch(() => undefined);
          }}
        >
          <Alert type="info" showIcon icon={<InfoCircleOutlined />} message={t('users:form.effectNotice')} style={{ marginBottom: 16 }} data-testid="effect-notice" />
          {formError && <Alert type="error" showIcon message={formError} style={{ marginBottom: 16 }} data-testid="form-error" />}
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="employeeCode"
                label={t('users:form.employeeCode')}
                rules={[
                  { required: true, whitespace: true, message: t('users:form.required.employeeCode') },
                  { max: 30, message: t('users:form.tooLong', { max: 30 }) },
                ]}
              >
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="email"
                label={t('users:form.email')}
                rules={[
                  { required: true, whitespace: true, message: t('users:form.required.email') },
                  { pattern: EMAIL, message: t('users:form.emailInvalid') },
                ]}
              >
                <Input type="email" autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="firstNameTh" label={t('users:form.firstNameTh')} rules={[{ required: true, whitespace: true, message: t('users:form.required.firstNameTh') }]}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="lastNameTh" label={t('users:form.lastNameTh')} rules={[{ required: true, whitespace: true, message: t('users:form.required.lastNameTh') }]}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="firstNameEn" label={t('users:form.firstNameEn')}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="lastNameEn" label={t('users:form.lastNameEn')}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              {editing ? (
                <Form.Item
                  name="status"
                  label={t('users:form.status')}
                  extra={account?.registered ? undefined : t('users:form.statusLocked')}
                >
                  <Select options={statusOptions} disabled={!account?.registered} data-testid="status-select" />
                </Form.Item>
              ) : (
                <Form.Item label={t('users:form.status')} extra={t('users:form.statusNew')}>
                  <StatusTag status="NOT_INVITED" />
                </Form.Item>
              )}
            </Col>
            <Col xs={24}>
              <Form.Item name="note" label={t('users:form.note')} extra={t('users:form.noteHint')} rules={[{ max: 2000, message: t('users:form.tooLong', { max: 2000 }) }]}>
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={2000} />
              </Form.Item>
            </Col>
          </Row>

          <Divider orientation="left" orientationMargin={0} style={{ marginTop: 0 }}>
            {t('users:form.pairs')}
          </Divider>
          <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
            {t('users:form.pairsHint')}
          </Typography.Paragraph>
          <Form.List name="permissions">
            {(fields, { add, remove }) => (
              <div data-testid="pairs">
                {fields.map((f, i) => (
                  <PairRow key={f.key} name={f.name} index={i} remove={() => remove(f.name)} />
                ))}
                <Button
                  type="dashed"
                  block
                  icon={<PlusOutlined />}
                  onClick={() => add({ branchCode: labels.currentBranch || undefined })}
                  data-testid="add-pair"
                >
                  {t('users:form.addPair')}
                </Button>
              </div>
            )}
          </Form.List>

          {account && (
            <>
              <Divider orientation="left" orientationMargin={0}>
                {t('users:form.history')}
              </Divider>
              <Descriptions column={1} size="small" data-testid="user-history">
                <Descriptions.Item label={t('users:form.createdAt')}>
                  {t('users:form.by', { when: labels.dateTime(account.createdAt), who: account.createdBy || '-' })}
                </Descriptions.Item>
                <Descriptions.Item label={t('users:form.updatedAt')}>
                  {t('users:form.by', { when: labels.dateTime(account.updatedAt), who: account.updatedBy || '-' })}
                </Descriptions.Item>
                <Descriptions.Item label={t('users:form.passwordChangedAt')}>
                  {account.passwordChangedAt ? labels.dateTime(account.passwordChangedAt) : t('users:form.never')}
                </Descriptions.Item>
              </Descriptions>
            </>
          )}
        </Form>
      )}
    </Drawer>
  );
}
