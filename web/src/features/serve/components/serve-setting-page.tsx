import { Alert, App, Button, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxGroupField } from '@/components/form-controls';
import { NS } from '@/features/serve/i18n';
import { useSetting, useUpdateSetting } from '@/features/serve/api/setting';
import { useNames } from '@/features/serve/use-names';
import { ScreenFrame } from '@/components/screen-frame';
import { applyFieldErrors } from '@/lib/form-errors';

type Values = { symbologies: string[]; pattern: string };
const FIELDS = ['symbologies', 'pattern'] as const;

/** Wristband setting (Super Admin, Branch Admin; /auth/serve-setting): the barcodes of the branch's wristbands and what they hold. */
export default function ServeSettingPage() {
  const { t } = useTranslation(NS);
  const { notification } = App.useApp();
  const names = useNames();
  const setting = useSetting(names.branch);
  const save = useUpdateSetting();
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState<string | null>(null);
  const pattern = Form.useWatch('pattern', form) ?? '';

  useEffect(() => {
    if (setting.data) form.setFieldsValue({ symbologies: setting.data.symbologies, pattern: setting.data.pattern });
  }, [setting.data, form]);

  const submit = (v: Values) => {
    setProblem(null);
    save.mutate(
      { branchCode: names.branch, symbologies: v.symbologies, pattern: v.pattern.trim() },
      {
        onSuccess: () => notification.success({ message: t('setting.saved') }),
        onError: (e) => {
          const rest = applyFieldErrors(form, e, FIELDS);
          if (rest.length > 0) setProblem(rest.join(' '));
        },
      },
    );
  };

  return (
    <ScreenFrame title={t('setting.title')} subtitle={t('setting.subtitle')} testId="serve-setting-page">
      <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 480 }} disabled={setting.isLoading}>
        <Form.Item name="symbologies" label={t('setting.symbologies')} rules={[{ required: true, type: 'array', min: 1, message: t('setting.symbologiesRequired') }]}>
          <CheckboxGroupField options={[{ value: 'CODE128', label: 'Code 128' }, { value: 'QR', label: 'QR code' }]} data-testid="setting-symbologies" />
        </Form.Item>
        <Form.Item
          name="pattern"
          label={t('setting.pattern')}
          extra={t('setting.patternHelp')}
          rules={[{ required: true, message: t('setting.patternInvalid') }, { pattern: /^[^{}]*\{hn\}[^{}]*$/, message: t('setting.patternInvalid') }, { max: 60 }]}
        >
          <Input data-testid="setting-pattern" />
        </Form.Item>
        <Typography.Paragraph type="secondary" data-testid="setting-example">
          {t('setting.example', { text: (pattern || '{hn}').replace('{hn}', 'HN0001') })}
        </Typography.Paragraph>
        {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} />}
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="setting-save">
          {t('setting.save')}
        </Button>
      </Form>
    </ScreenFrame>
  );
}
