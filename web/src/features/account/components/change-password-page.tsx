// Change password (/auth/account/password, SPEC.md §5): every rule checked in the form
// before the call, the server's 422 field messages shown on their fields. On success the
// other sessions of the account end; this one goes on.
import { Alert, App, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useChangePassword, type ChangePasswordInput } from '@/features/account/api/change-password';
import { refreshUserInfo } from '@/features/account/refresh-user-info';
import { NewPasswordFields } from '@/components/new-password-fields';
import { isApiError } from '@/lib/api-client';
import { applyFieldErrors, clearErrors } from '@/lib/form-errors';
import { retryAfterSeconds, useCountdown } from '@/lib/use-countdown';
import { useSession } from '@/lib/use-session';

export default function ChangePasswordPage() {
  const { t } = useTranslation(['account', 'auth']);
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const { userInfo: user } = useSession();
  const [form] = Form.useForm<ChangePasswordInput>();
  const change = useChangePassword();
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const wait = useCountdown(waitUntil);
  const names = user ? [user.firstNameTh, user.lastNameTh, user.firstNameEn, user.lastNameEn] : [];

  const submit = async (v: ChangePasswordInput) => {
    try {
      await change.mutateAsync(v);
      notification.success({ message: t('account:changed') });
      await refreshUserInfo().catch(() => undefined); // the new password age; the change is done anyway
      navigate('/auth/account');
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (e.status === 429) setWaitUntil(Date.now() + retryAfterSeconds(e.data) * 1000);
      else {
        const known = ['currentPassword', 'newPassword', 'confirmPassword'];
        for (const msg of applyFieldErrors(form, e, known, (f) => (known.includes(f) ? f : 'newPassword'))) notification.error({ message: msg });
      }
    }
  };

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('account:changeTitle')}
      </Typography.Title>
      <Card style={{ maxWidth: 560 }}>
        <Typography.Paragraph type="secondary">{t('account:changeSubtitle')}</Typography.Paragraph>
        {wait > 0 && <Alert type="error" showIcon message={t('account:tooMany', { seconds: wait })} style={{ marginBottom: 16 }} data-testid="change-wait" />}
        <Form<ChangePasswordInput>
          form={form}
          layout="vertical"
          requiredMark={false}
          validateTrigger="onBlur"
          onValuesChange={(changed) => form.setFields(clearErrors(changed))}
          onFinish={(v) => void submit(v)}
          name="change-password"
        >
          <Form.Item
            name="currentPassword"
            label={t('account:currentPassword')}
            rules={[{ required: true, message: t('auth:password.currentRequired') }]}
          >
            <Input.Password size="large" autoComplete="current-password" placeholder={t('account:currentPlaceholder')} />
          </Form.Item>
          <NewPasswordFields
            name="newPassword"
            label={t('account:newPassword')}
            placeholder={t('account:newPlaceholder')}
            confirmLabel={t('account:confirmPassword')}
            confirmPlaceholder={t('account:confirmPlaceholder')}
            names={names}
            currentField="currentPassword"
          />
          <Space>
            <Button type="primary" htmlType="submit" loading={change.isPending} disabled={wait > 0} data-testid="change-password-submit">
              {t('account:save')}
            </Button>
            <Button onClick={() => navigate('/auth/account')}>{t('account:cancel')}</Button>
          </Space>
        </Form>
      </Card>
    </Space>
  );
}
