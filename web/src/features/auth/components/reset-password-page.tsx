// Reset or set a new password through the e-mailed link /reset-password?token= (the legacy
// /resetPassword redirects here). The link is checked on arrival: an expired or used one
// shows SPEC.md §8's message with a button to request a new link.
import { App, Button, Card, Form, Result, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useCheckResetToken } from '@/features/auth/api/check-reset-token';
import { useResetPassword } from '@/features/auth/api/reset-password';
import { LinkExpired } from '@/features/auth/components/link-expired';
import { PublicShell } from '@/features/auth/components/public-shell';
import { NewPasswordFields } from '@/components/new-password-fields';
import { isApiError } from '@/lib/api-client';
import { applyFieldErrors, clearErrors } from '@/lib/form-errors';
import { clearSession } from '@/lib/session';

type Values = { password: string; confirmPassword: string };

export default function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useCheckResetToken(token);
  const reset = useResetPassword();
  const [form] = Form.useForm<Values>();
  const [dead, setDead] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (v: Values) => {
    try {
      await reset.mutateAsync({ token, password: v.password, confirmPassword: v.confirmPassword });
      clearSession(); // every session of the account has ended, this device's too
      setDone(true);
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (e.status === 410) setDead(true);
      // a rule the server checks (a name, the old password) is about the new password
      else for (const msg of applyFieldErrors(form, e, ['password', 'confirmPassword'], (f) => (f === 'confirmPassword' ? f : 'password'))) notification.error({ message: msg });
    }
  };

  let body;
  if (!token || dead || (isApiError(check.error) && check.error.status === 410)) {
    body = (
      <LinkExpired
        title={t('auth:reset.linkExpiredTitle')}
        text={t('auth:reset.linkExpiredText')}
        action={
          <Button type="primary" size="large" block onClick={() => navigate('/forgot-password', { replace: true })} data-testid="request-new-link">
            {t('auth:reset.requestNewLink')}
          </Button>
        }
      />
    );
  } else if (done) {
    body = (
      <Result
        status="success"
        title={<span data-testid="reset-done">{t('auth:reset.doneTitle')}</span>}
        subTitle={t('auth:reset.doneText')}
        style={{ padding: '16px 0' }}
        extra={
          <Button type="primary" size="large" block onClick={() => navigate('/login', { replace: true })} data-testid="go-sign-in">
            {t('auth:register.signIn')}
          </Button>
        }
      />
    );
  } else if (check.isPending) {
    body = <Skeleton active paragraph={{ rows: 4 }} />;
  } else if (check.isError) {
    body = (
      <Result
        status="error"
        title={t('errors:generic.title')}
        subTitle={t('errors:generic.description')}
        extra={<Button onClick={() => void check.refetch()}>{t('auth:mail.retry')}</Button>}
      />
    );
  } else {
    body = (
      <>
        <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
          {t('auth:reset.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('auth:reset.subtitle')}</Typography.Paragraph>
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          validateTrigger="onBlur"
          onValuesChange={(changed) => form.setFields(clearErrors(changed))}
          onFinish={(v) => void submit(v)}
          name="reset-password"
        >
          {/* The names are the server's to check here: the link does not say whose it is. */}
          <NewPasswordFields
            label={t('auth:reset.password')}
            placeholder={t('auth:reset.passwordPlaceholder')}
            confirmLabel={t('auth:reset.confirmPassword')}
            confirmPlaceholder={t('auth:reset.confirmPlaceholder')}
          />
          <Button type="primary" htmlType="submit" size="large" block loading={reset.isPending} data-testid="reset-submit">
            {t('auth:reset.submit')}
          </Button>
        </Form>
      </>
    );
  }

  return (
    <PublicShell>
      <Card className="public-card">{body}</Card>
    </PublicShell>
  );
}
