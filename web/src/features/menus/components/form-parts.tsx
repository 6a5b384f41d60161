// Rules and pieces the menus forms share (each message in the interface language): the code
// and names, the remark, what a set or a cell is for, where a refused save is shown, and the
// drawer a dish's and a set's forms are written in.
import { App, Form, Input, InputNumber, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '@/components/form-drawer';
import { useGuardedClose } from '@/components/unsaved-changes';
import { isApiError } from '@/lib/api-client';
import { applyFieldErrors, clearErrors } from '@/lib/form-errors';
import { RefSelect } from '@/features/menus/components/parts';
import { NS } from '@/features/menus/i18n';

export const CODE_RE = /^\S{1,30}$/;

export function formRules(t: TFunction) {
  const label = (name: string) => t(`fields.${name}`);
  return {
    code: [
      { required: true, whitespace: true, message: t('form.required', { field: label('code') }) },
      { pattern: CODE_RE, message: t('form.codeInvalid') },
    ] as Rule[],
    nameTh: [
      { required: true, whitespace: true, message: t('form.required', { field: label('nameTh') }) },
      { max: 200, message: t('form.tooLong', { max: 200 }) },
    ] as Rule[],
    nameEn: [{ max: 200, message: t('form.tooLong', { max: 200 }) }] as Rule[],
    choose: (name: string): Rule[] => [{ required: true, type: 'number', message: t('form.choose', { field: label(name) }) }],
    price: [{ type: 'number', min: 0, max: 99_999_999.99, message: t('form.price') }] as Rule[],
  };
}

/** The code, Thai name and English name fields of a dish, a set or a round. */
export function NameFields() {
  const { t } = useTranslation(NS);
  const rules = formRules(t);
  return (
    <>
      <Form.Item name="code" label={t('fields.code')} rules={rules.code}>
        <Input maxLength={30} data-testid="field-code" />
      </Form.Item>
      <Form.Item name="nameTh" label={t('fields.nameTh')} rules={rules.nameTh}>
        <Input data-testid="field-nameTh" />
      </Form.Item>
      <Form.Item name="nameEn" label={t('fields.nameEn')} rules={rules.nameEn}>
        <Input data-testid="field-nameEn" />
      </Form.Item>
    </>
  );
}

/** The remark field (up to 500 characters). */
export function RemarkField() {
  const { t } = useTranslation(NS);
  return (
    <Form.Item name="remark" label={t('fields.remark')} rules={[{ max: 500, message: t('form.tooLong', { max: 500 }) }]}>
      <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} data-testid="field-remark" />
    </Form.Item>
  );
}

/**
 * What a set or a cell of a round is for: a tray category, a diet type and a therapeutic
 * diet, each optional. `testIdPrefix`: `field` in the set form, `cell` in the grid's cell.
 */
export function ForFields({ branchCode, testIdPrefix }: { branchCode: string; testIdPrefix: string }) {
  const { t } = useTranslation(NS);
  return (
    <>
      <Form.Item name="trayCategoryId" label={t('fields.trayCategoryId')}>
        <RefSelect kind="TrayCategory" branchCode={branchCode} testId={`${testIdPrefix}-trayCategoryId`} placeholder={t('notSet')} />
      </Form.Item>
      <Form.Item name="dietTypeId" label={t('fields.dietTypeId')}>
        <RefSelect kind="DietType" branchCode={branchCode} testId={`${testIdPrefix}-dietTypeId`} placeholder={t('notSet')} />
      </Form.Item>
      <Form.Item name="therapeuticId" label={t('fields.therapeuticId')}>
        <RefSelect kind="Therapeutic" branchCode={branchCode} testId={`${testIdPrefix}-therapeuticId`} placeholder={t('notSet')} />
      </Form.Item>
    </>
  );
}

/** A refused save: each field's message beside it; what no field takes, in a dialog. */
export function useSaveError() {
  const { t } = useTranslation(NS);
  const { modal } = App.useApp();
  return (form: Pick<FormInstance, 'setFields'>, e: unknown, fields: readonly string[]) => {
    const rest = applyFieldErrors(form, e, fields);
    if (rest.length === 0) return;
    const status = isApiError(e) ? e.status : 0;
    modal.error({ title: t(status === 409 ? 'form.conflictTitle' : 'form.invalidTitle'), content: rest.join('\n') });
  };
}

type ItemDrawerProps<V, R> = {
  /** the dish or set edited, 'new', or null (closed) */
  editing: R | 'new' | null;
  /** the form's values for a stored one (null: a new one) */
  valuesOf: (rec: R | null) => Partial<V>;
  /** the title's keys: editing one, adding one */
  titles: [edit: string, add: string];
  width: number;
  testId: string;
  /** the form's name (its fields' ids) */
  name: string;
  form: FormInstance<V>;
  /** saves the values, the price and remark given their defaults */
  onSave: (values: V, rec: R | null) => Promise<unknown>;
  saving: boolean;
  /** the fields a refused save's messages may name */
  fields: readonly string[];
  onValuesChange?: (changed: Partial<V>) => void;
  onClose: () => void;
  /** the fields between the names and the price */
  children: ReactNode;
};

/**
 * A dish's or a set's form in its drawer: the values set anew on each opening; the code and
 * names first, the price and remark last; a save that says so and closes, a refused one shown
 * beside its fields; closing with changes asks first.
 */
export function ItemDrawer<V extends { price: number; remark: string }, R>({
  editing, valuesOf, titles, width, testId, name, form, onSave, saving, fields, onValuesChange, onClose, children,
}: ItemDrawerProps<V, R>) {
  const { t } = useTranslation(NS);
  const { notification } = App.useApp();
  const rec = editing && editing !== 'new' ? editing : null;
  const open = editing !== null;
  const guard = useGuardedClose(open, onClose);
  const saveError = useSaveError();

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(valuesOf(rec) as Parameters<typeof form.setFieldsValue>[0]);
    }
  }, [open, rec, form, valuesOf]);

  async function submit(values: V) {
    try {
      await onSave({ ...values, price: values.price ?? 0, remark: values.remark ?? '' }, rec);
      notification.success({ message: t(rec ? 'toast.updated' : 'toast.created') });
      onClose();
    } catch (e) {
      saveError(form, e, fields);
    }
  }

  return (
    <FormDrawer
      open={open}
      title={t(rec ? titles[0] : titles[1])}
      width={width}
      testId={testId}
      onClose={guard.close}
      onCancel={onClose}
      onSave={() => form.submit()}
      saving={saving}
    >
      <Form<V>
        form={form}
        layout="vertical"
        name={name}
        onFinish={(v) => void submit(v)}
        onValuesChange={(changed: Partial<V>) => {
          guard.changed();
          form.setFields(clearErrors(changed) as never);
          onValuesChange?.(changed);
        }}
        scrollToFirstError
      >
        <NameFields />
        {children}
        <Form.Item name="price" label={t('fields.price')} rules={formRules(t).price}>
          <InputNumber min={0} precision={2} style={{ width: 180 }} data-testid="field-price" />
        </Form.Item>
        <RemarkField />
      </Form>
    </FormDrawer>
  );
}
