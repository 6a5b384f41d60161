// Choose verification method (SPEC.md §2, route /redirect): the second step of signing in
// to an account with two factors. Login hands over the password step's challenge in the
// history state; a correct code answers the tokens, and the sign-in goes on exactly as a
// password-only one (one pair / several / inactive).
import { Alert, App, Button, Card, Form, Radio, Space, Typography } from 'antd';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { MailOutlined, MobileOutlined } from '@/components/icons';
import type { MfaMethod } from '@/features/auth/api/get-access-token';
import { useSendMailOtp } from '@/features/auth/api/send-mail-otp';
import { useVerifyOtp } from '@/features/auth/api/verify-otp';
import { PublicShell } from '@/features/auth/components/public-shell';
import { establishSession, type LoginNotice, type MfaState } from '@/features/auth/sign-in-flow';
import { CodeInput } from '@/components/code-input';
import { isApiError, type ApiError } from '@/lib/api-client';
import { checkCode } from '@/lib/one-time-code';
import { retryAfterSeconds, useCountdown } from '@/lib/use-countdown';

/** The server spaces e-mailed codes a minute apart. */
const RESEND_AFTER_MS = 60_000;

export default function VerifyMethodPage() {
  const { t } = useTranslation(['auth', 'common']);
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const id = useId();
  const state = useLocation().state as MfaState | null;
  const methods = state?.methods ?? [];
  const [method, setMethod] = useState<MfaMethod>(methods.includes('TOTP') ? 'TOTP' : 'EMAIL');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [sendProblem, setSendProblem] = useState<'mail' | 'tooMany' | null>(null);
  const [busy, setBusy] = useState(false);
  const wait = useCountdown(resendAt);
  const send = useSendMailOtp();
  const verify = useVerifyOtp();

  const backToLogin = (notice?: LoginNotice) => navigate('/login', { replace: true, state: notice ? { notice } : null });

  const expired = !state?.challenge || Date.now() >= state.expiresAt;
  useEffect(() => {
    if (state?.challenge && Date.now() >= state.expiresAt) backToLogin('mfaExpired');
    // Only on arrival: a later expiry is reported by the server's answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!state?.challenge) return <Navigate to="/login" replace />;
  if (expired) return null;

  /** A failure every call of this screen may meet; true when it was dealt with. */
  const common = (e: ApiError): boolean => {
    if (e.status === 401) {
      backToLogin('mfaExpired'); // MFA_EXPIRED: five wrong codes, or ten minutes
      return true;
    }
    if (e.status === 403 && e.code === 'INACTIVE_ACCOUNT') {
      navigate('/inactive-account', { replace: true });
      return true;
    }
    return e.handled;
  };

  const sendCode = async () => {
    setSendProblem(null);
    try {
      await send.mutateAsync(state.challenge);
      setSent(true);
      setResendAt(Date.now() + RESEND_AFTER_MS);
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (common(e)) return;
      if (e.status === 429) {
        setResendAt(Date.now() + retryAfterSeconds(e.data) * 1000);
        setSendProblem('tooMany');
      } else if (e.code === 'MAIL_FAILED') setSendProblem('mail');
      else notification.error({ message: e.message });
    }
  };

  const onSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    const problem = checkCode(code);
    setCodeError(problem ? t(`auth:${problem}`) : null);
    if (problem) return;
    setBusy(true);
    try {
      const tokens = await verify.mutateAsync({ challenge: state.challenge, method, code: code.trim() });
      navigate(await establishSession(tokens), { replace: true });
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (common(e)) return;
      if (e.status === 422) setCodeError(t('auth:code.invalid'));
      else notification.error({ message: e.message });
    } finally {
      setBusy(false);
    }
  };

  const choose = (m: MfaMethod) => {
    setMethod(m);
    setCode('');
    setCodeError(null);
  };

  const option = (m: MfaMethod) => (
    <Radio value={m} data-testid={`method-${m}`} style={{ alignItems: 'flex-start' }}>
      <Space align="start">
        {m === 'TOTP' ? <MobileOutlined style={{ fontSize: 20, marginTop: 2 }} /> : <MailOutlined style={{ fontSize: 20, marginTop: 2 }} />}
        <span>
          <Typography.Text strong>{t(m === 'TOTP' ? 'auth:mfa.totp' : 'auth:mfa.email')}</Typography.Text>
          <br />
          <Typography.Text type="secondary">
            {m === 'TOTP' ? t('auth:mfa.totpHint') : t('auth:mfa.emailHint', { email: state.email })}
          </Typography.Text>
        </span>
      </Space>
    </Radio>
  );

  const needsSend = method === 'EMAIL' && !sent;

  return (
    <PublicShell>
      <Card className="public-card">
        <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }} id={`${id}-title`}>
          {t('auth:mfa.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('auth:mfa.subtitle')}</Typography.Paragraph>
        <Radio.Group
          value={method}
          onChange={(e) => choose(e.target.value as MfaMethod)}
          aria-labelledby={`${id}-title`}
          style={{ width: '100%', marginBottom: 20 }}
        >
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            {(['TOTP', 'EMAIL'] as const).filter((m) => methods.includes(m)).map((m) => (
              <div key={m}>{option(m)}</div>
            ))}
          </Space>
        </Radio.Group>

        {method === 'EMAIL' && (
          <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }}>
            {sent && !sendProblem && <Alert type="success" showIcon message={t('auth:mfa.codeSent', { email: state.email })} data-testid="code-sent" />}
            {sendProblem === 'tooMany' && (
              <Alert type="warning" showIcon message={t('auth:mfa.tooManySends', { seconds: wait })} data-testid="send-wait" />
            )}
            {sendProblem === 'mail' && (
              <Alert
                type="error"
                showIcon
                message={t('auth:mail.failed')}
                data-testid="mail-failed"
                action={
                  <Button size="small" onClick={() => void sendCode()}>
                    {t('auth:mail.retry')}
                  </Button>
                }
              />
            )}
            <Button
              block={!sent}
              type={sent ? 'link' : 'primary'}
              size={sent ? 'middle' : 'large'}
              onClick={() => void sendCode()}
              loading={send.isPending}
              disabled={wait > 0}
              data-testid="send-code"
              style={sent ? { paddingInline: 0 } : undefined}
            >
              {sent ? (wait > 0 ? t('auth:mfa.resendIn', { seconds: wait }) : t('auth:mfa.resend')) : t('auth:mfa.sendCode')}
            </Button>
          </Space>
        )}

        {!needsSend && (
          <form noValidate onSubmit={onSubmit} name="verify-code">
            <Form.Item
              layout="vertical"
              label={<label htmlFor={`${id}-code`}>{t('auth:code.label')}</label>}
              validateStatus={codeError ? 'error' : undefined}
              help={codeError ? <span id={`${id}-code-error`} role="alert">{codeError}</span> : undefined}
            >
              <CodeInput
                id={`${id}-code`}
                value={code}
                onChange={(v) => {
                  setCode(v);
                  setCodeError(null);
                }}
                invalid={Boolean(codeError)}
                describedBy={codeError ? `${id}-code-error` : undefined}
                autoFocus
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="verify-code">
              {t('auth:mfa.verify')}
            </Button>
          </form>
        )}
        <Button type="link" block onClick={() => backToLogin()} style={{ marginTop: 8 }}>
          {t('auth:mfa.otherAccount')}
        </Button>
      </Card>
    </PublicShell>
  );
}
