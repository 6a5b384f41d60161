// Rules and helpers the menus forms share (each message in the interface language).
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

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
