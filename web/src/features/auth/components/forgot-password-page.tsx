// Forgot password (SPEC.md §5, §8): the e-mail, checked before the call; the answer is the
// same whether or not the account exists, so the screen never says which.
import { Alert, App, Button, Card, Form, Input, Result, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSendEmailForgotPassword } from '@/features/auth/api/send-email-forgot-password';
import { PublicShell } from '@/features/auth/components/public-shell';
import { EMAIL_PATTERN } from '@/features/auth/validate-credentials';
import { isApiError } from '@/lib/api-client';
import { clearErrors } from '@/lib/form-errors';
import { retryAfterSeconds, useCountdown } from '@/lib/use-countdown';

type Values = { email: string };

export default function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const send = useSendEmailForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<'tooMany' | null>(null);
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const wait = useCountdown(waitUntil);

  const submit = async (email: string) => {
    setProblem(null);
    try {
      await send.mutateAsync(email);
      setSentTo(email);
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (e.status === 429) {
        setWaitUntil(Date.now() + retryAfterSeconds(e.data) * 1000);
        setProblem('tooMany');
      } else if (e.fields) form.setFields([{ name: 'email', errors: [t('auth:forgot.emailInvalid')] }]);
      else if (!e.handled) notification.error({ message: e.message });
    }
  };

  const alerts = (
    <>
      {problem === 'tooMany' && wait > 0 && (
        <Alert type="warning" showIcon message={t('auth:forgot.tooMany', { seconds: wait })} data-testid="forgot-wait" style={{ marginBottom: 16, textAlign: 'left' }} />
      )}
    </>
  );

  return (
    <PublicShell>
      <Card className="public-card">
        {sentTo !== null ? (
          <Result
            status="success"
            title={<span data-testid="forgot-sent">{t('auth:forgot.sentTitle')}</span>}
            subTitle={t('auth:forgot.sentText', { email: sentTo })}
            style={{ padding: '16px 0' }}
            extra={
              <Space direction="vertical" style={{ width: '100%' }}>
                {alerts}
                <Button block onClick={() => void submit(sentTo)} loading={send.isPending} disabled={wait > 0}>
                  {t('auth:forgot.sendAgain')}
                </Button>
                <Button type="link" onClick={() => navigate('/login', { replace: true })}>
                  {t('common:backToLogin')}
                </Button>
              </Space>
            }
          />
        ) : (
          <>
            <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
              {t('auth:forgot.title')}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{t('auth:forgot.subtitle')}</Typography.Paragraph>
            {alerts}
            <Form<Values>
              form={form}
              layout="vertical"
              requiredMark={false}
              validateTrigger="onBlur"
              onValuesChange={(changed) => form.setFields(clearErrors(changed))}
              initialValues={{ email: params.get('email') ?? '' }}
              onFinish={(v) => void submit(v.email.trim())}
              name="forgot-password"
            >
              <Form.Item
                name="email"
                label={t('auth:forgot.email')}
                rules={[
                  { required: true, whitespace: true, message: t('auth:forgot.emailRequired') },
                  { pattern: EMAIL_PATTERN, message: t('auth:forgot.emailInvalid') },
                ]}
                normalize={(v: string) => v.trim()}
              >
                <Input size="large" type="email" inputMode="email" autoComplete="username" placeholder={t('auth:forgot.emailPlaceholder')} />
              </Form.Item>
              <Button type="primary" htmlType="submit" size="large" block loading={send.isPending} disabled={wait > 0} data-testid="forgot-submit">
                {t('auth:forgot.submit')}
              </Button>
              <Button type="link" block onClick={() => navigate('/login')} style={{ marginTop: 8 }}>
                {t('common:backToLogin')}
              </Button>
            </Form>
          </>
        )}
      </Card>
    </PublicShell>
  );
}
