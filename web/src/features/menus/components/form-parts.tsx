// Rules and pieces the menus forms share (each message in the interface language): the code
// and names, the remark, what a set or a cell is for, and where a refused save is shown.
import { App, Form, Input, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form-errors';
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
