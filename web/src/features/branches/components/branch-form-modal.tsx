import { Alert, App, Button, Form, Input, Modal, Select, Space, Switch } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldSelect } from '@/components/form-controls';
import { DEFAULT_TIME_ZONE } from '@/lib/dates';
import { applyFieldErrors, clearErrors } from '@/lib/form-errors';
import { useCreateBranch, type NewBranch } from '@/features/branches/api/create-branch';
import type { BranchRow } from '@/features/branches/api/get-all-branches';
import { useUpdateBranch } from '@/features/branches/api/update-branch';
import { NS } from '@/features/branches/i18n';
import type { Branch } from '@/lib/api/get-branches';

/** The branch table's rule for a code (docs/api.md, createBranch). */
const BRANCH_CODE = /^[A-Z0-9_-]{2,20}$/;

type FormValues = { code: string; nameTh: string; nameEn: string; timeZone: string; copyFrom?: string; active: boolean };

const EMPTY: FormValues = { code: '', nameTh: '', nameEn: '', timeZone: DEFAULT_TIME_ZONE, copyFrom: undefined, active: true };
const FIELDS: (keyof FormValues)[] = ['code', 'nameTh', 'nameEn', 'timeZone', 'copyFrom', 'active'];

/** The IANA time zones the browser knows (the server checks the name again). */
function timeZones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(DEFAULT_TIME_ZONE) ? known : [DEFAULT_TIME_ZONE, ...known];
}

type Props = {
  open: boolean;
  /** The branch being edited; null: a new one. */
  editing: BranchRow | null;
  /** The active branches, to copy master data from. */
  branches: Branch[];
  branchName: (b: Branch) => string;
  onClose: () => void;
};

/**
 * Add a branch (Super Admin): code, names, time zone, and the branch to copy master data from.
 * Edit one: names, time zone and whether it is active (the code never changes); turning a
 * branch off asks first.
 */
export function BranchFormModal({ open, editing, branches, branchName, onClose }: Props) {
  const { t } = useTranslation(NS);
  const { notification, modal } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateBranch();
  const update = useUpdateBranch();
  const zones = useMemo(() => timeZones().map((z) => ({ value: z, label: z })), []);

  function failed(e: unknown) {
    // 422 and 409 name their fields (data.fields): each message beside its field; what was
    // typed stays.
    const rest = applyFieldErrors(form, e, FIELDS);
    if (rest.length > 0) setFormError(rest.join(' ') || t('toast.failed'));
  }

  async function save(v: FormValues) {
    const b = await update.mutateAsync({
      code: editing!.code,
      nameTh: v.nameTh.trim(),
      nameEn: (v.nameEn ?? '').trim(),
      timeZone: v.timeZone,
      active: v.active,
    });
    const name = `${branchName(b)} (${b.code})`;
    notification.success({
      message: b.active === editing!.active ? t('toast.saved', { name }) : t(b.active ? 'toast.reactivated' : 'toast.deactivated', { name }),
    });
    onClose();
  }

  async function submit(v: FormValues) {
    setFormError(null);
    if (editing) {
      const run = () => save(v).catch(failed);
      if (editing.active && !v.active) {
        modal.confirm({
          title: t('deactivate.title', { name: `${branchName(editing)} (${editing.code})` }),
          content: t('deactivate.description'),
          okText: t('deactivate.ok'),
          cancelText: t('form.cancel'),
          okButtonProps: { danger: true, 'data-testid': 'branch-deactivate-ok' } as never,
          onOk: run,
        });
        return;
      }
      await run();
      return;
    }
    const input: NewBranch = {
      code: v.code.trim(),
      nameTh: v.nameTh.trim(),
      nameEn: (v.nameEn ?? '').trim(),
      timeZone: v.timeZone,
      copyFrom: v.copyFrom ?? '',
    };
    try {
      const b = await create.mutateAsync(input);
      const name = `${branchName(b)} (${b.code})`;
      notification.success({
        message: b.copiedFrom ? t('toast.createdCopied', { name, from: b.copiedFrom }) : t('toast.created', { name }),
      });
      onClose();
    } catch (e) {
      failed(e);
    }
  }

  return (
    <Modal
      open={open}
      title={editing ? t('form.editTitle', { code: editing.code }) : t('form.title')}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('form.cancel')}</Button>
          <Button type="primary" loading={create.isPending || update.isPending} onClick={() => form.submit()} data-testid="branch-form-save">
            {t('form.save')}
          </Button>
        </Space>
      }
      // a click beside the dialog must not throw away what was typed
      maskClosable={false}
      destroyOnHidden
      afterClose={() => {
        setFormError(null);
        create.reset();
        update.reset();
      }}
      width={560}
      data-testid="branch-form"
    >
      {formError && <Alert type="error" showIcon message={formError} style={{ marginBottom: 16 }} data-testid="branch-form-error" />}
      <Form<FormValues>
        form={form}
        layout="vertical"
        name="branch"
        // destroyed on close: each opening starts from these
        initialValues={editing ? { ...editing, copyFrom: undefined } : EMPTY}
        onFinish={(v) => void submit(v)}
        onValuesChange={(changed: Partial<FormValues>) => {
          form.setFields(clearErrors(changed));
          setFormError(null);
        }}
        requiredMark
        scrollToFirstError
      >
        <Form.Item
          name="code"
          label={t('form.code')}
          extra={t('form.codeHint')}
          // typed in lower case, kept in capitals: the rule asks for capitals
          normalize={(v: string) => (v ?? '').toUpperCase()}
          rules={[
            { required: true, whitespace: true, message: t('form.required.code') },
            { pattern: BRANCH_CODE, message: t('form.codeInvalid') },
          ]}
        >
          <Input maxLength={20} autoComplete="off" disabled={editing !== null} data-testid="branch-code" />
        </Form.Item>
        <Form.Item
          name="nameTh"
          label={t('form.nameTh')}
          rules={[
            { required: true, whitespace: true, message: t('form.required.nameTh') },
            { max: 200, message: t('form.tooLong', { max: 200 }) },
          ]}
        >
          <Input autoComplete="off" data-testid="branch-nameTh" />
        </Form.Item>
        <Form.Item name="nameEn" label={t('form.nameEn')} rules={[{ max: 200, message: t('form.tooLong', { max: 200 }) }]}>
          <Input autoComplete="off" data-testid="branch-nameEn" />
        </Form.Item>
        <Form.Item name="timeZone" label={t('form.timeZone')} rules={[{ required: true, message: t('form.required.timeZone') }]}>
          <FieldSelect showSearch options={zones} aria-label={t('form.timeZone')} data-testid="branch-timeZone" />
        </Form.Item>
        {editing ? (
          <Form.Item name="active" label={t('form.active')} extra={t('form.activeHint')} valuePropName="checked">
            <Switch checkedChildren={t('status.active')} unCheckedChildren={t('status.inactive')} data-testid="branch-active" />
          </Form.Item>
        ) : (
          <Form.Item name="copyFrom" label={t('form.copyFrom')} extra={t('form.copyHint')}>
            <Select
              allowClear
              placeholder={t('form.copyNone')}
              aria-label={t('form.copyFrom')}
              optionFilterProp="label"
              showSearch
              options={branches.map((b) => ({ value: b.code, label: `${branchName(b)} (${b.code})` }))}
              data-testid="branch-copyFrom"
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
