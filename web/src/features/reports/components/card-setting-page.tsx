import { Alert, App, Button, Checkbox, Form, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '@/features/reports/i18n';
import { useCardSetting, useUpdateCardSetting } from '@/features/reports/api/card-setting';
import { ScreenFrame } from '@/components/screen-frame';
import { useSession } from '@/lib/use-session';
import { applyFieldErrors } from '@/lib/form-errors';

type Values = { showNutrients: boolean };

/** Meal card setting (Super Admin, Branch Admin; /auth/meal-card-setting): whether the branch's cards print each tray's energy, protein and carbohydrate. */
export default function CardSettingPage() {
  const { t } = useTranslation(NS);
  const { notification } = App.useApp();
  const { userInfo } = useSession();
  const branch = userInfo?.current?.branchCode ?? '';
  const setting = useCardSetting(branch);
  const save = useUpdateCardSetting();
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (setting.data) form.setFieldsValue({ showNutrients: setting.data.showNutrients });
  }, [setting.data, form]);

  const submit = (v: Values) => {
    setProblem(null);
    save.mutate(
      { branchCode: branch, showNutrients: v.showNutrients },
      {
        onSuccess: () => notification.success({ message: t('cardSetting.saved') }),
        onError: (e) => {
          const rest = applyFieldErrors(form, e, []);
          if (rest.length > 0) setProblem(rest.join(' '));
        },
      },
    );
  };

  return (
    <ScreenFrame title={t('cardSetting.title')} subtitle={t('cardSetting.subtitle')} testId="card-setting-page">
      <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 520 }} disabled={setting.isLoading}>
        <Form.Item name="showNutrients" valuePropName="checked" extra={t('cardSetting.nutrientsHelp')}>
          <Checkbox data-testid="card-setting-nutrients">{t('cardSetting.nutrients')}</Checkbox>
        </Form.Item>
        {setting.data?.updatedBy && (
          <Typography.Paragraph type="secondary">{t('cardSetting.updatedBy', { by: setting.data.updatedBy })}</Typography.Paragraph>
        )}
        {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} />}
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="card-setting-save">
          {t('cardSetting.save')}
        </Button>
      </Form>
    </ScreenFrame>
  );
}
