// Registration (SPEC.md §4), reached only through an invitation link /register?token=:
// 1 set the password, 2 offer two-step verification (or later), 3 scan the QR code of the
// authenticator secret, 4 enter the 6-digit code. A dead link offers a new one.
import { Alert, App, Button, Card, Descriptions, Form, Result, Skeleton, Space, Steps, Typography } from 'antd';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useRegistration, type Registration } from '@/features/auth/api/get-registration';
import { useRegister, type RegisterResult } from '@/features/auth/api/register';
import { useResendRegistration } from '@/features/auth/api/resend-registration';
import { useVerifyRegisterOtp } from '@/features/auth/api/verify-register-otp';
import { LinkExpired, MailFailed } from '@/features/auth/components/link-expired';
import { PublicShell } from '@/features/auth/components/public-shell';
import { CodeInput } from '@/components/code-input';
import { NewPasswordFields } from '@/components/new-password-fields';
import { QrCode } from '@/components/qr-code';
import { isApiError } from '@/lib/api-client';
import { applyFieldErrors, clearErrors } from '@/lib/form-errors';
import { checkCode, groupSecret } from '@/lib/one-time-code';
import { personName } from '@/lib/names';

type Step = 'password' | 'offer' | 'scan' | 'code' | 'done';
const STEPS: Step[] = ['password', 'offer', 'scan', 'code'];
type PasswordForm = { password: string; confirmPassword: string };

export default function RegisterPage() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const registration = useRegistration(token);
  const [step, setStep] = useState<Step>('password');
  const [result, setResult] = useState<RegisterResult | null>(null);
  const [linkDead, setLinkDead] = useState(false);
  const [mfaOn, setMfaOn] = useState(false);
  const [setupExpired, setSetupExpired] = useState(false);

  const gone = linkDead || (isApiError(registration.error) && registration.error.status === 410);

  let body;
  if (!token) {
    body = <LinkExpired title={t('auth:register.linkExpiredTitle')} text={t('auth:register.noToken')} />;
  } else if (gone && !result) {
    body = <ExpiredRegistration token={token} />;
  } else if (registration.isPending) {
    body = <Skeleton active paragraph={{ rows: 5 }} />;
  } else if (registration.isError && !result) {
    body = (
      <Result
        status="error"
        title={t('errors:generic.title')}
        subTitle={t('errors:generic.description')}
        extra={<Button onClick={() => void registration.refetch()}>{t('auth:mail.retry')}</Button>}
      />
    );
  } else if (step === 'done') {
    body = (
      <Result
        status="success"
        title={<span data-testid="register-done">{t('auth:register.doneTitle')}</span>}
        subTitle={mfaOn ? t('auth:register.doneMfa') : t('auth:register.doneNoMfa')}
        style={{ padding: '16px 0' }}
        extra={
          <Space direction="vertical" style={{ width: '100%' }}>
            {setupExpired && <Alert type="warning" showIcon message={t('auth:register.setupExpired')} style={{ textAlign: 'left' }} />}
            <SignInButton />
          </Space>
        }
      />
    );
  } else {
    const reg = registration.data!;
    body = (
      <>
        <Steps
          size="small"
          current={STEPS.indexOf(step)}
          items={STEPS.map((s) => ({ title: t(`auth:register.steps.${s}`) }))}
          style={{ marginBottom: 24 }}
          responsive={false}
          labelPlacement="vertical"
          data-testid="register-steps"
        />
        {step === 'password' && (
          <PasswordStep
            token={token}
            registration={reg}
            onDone={(r) => {
              setResult(r);
              setStep('offer');
            }}
            onLinkDead={() => setLinkDead(true)}
          />
        )}
        {step === 'offer' && (
          <div data-testid="register-offer">
            <Typography.Title level={4}>{t('auth:register.offerTitle')}</Typography.Title>
            <Typography.Paragraph type="secondary">{t('auth:register.offerText')}</Typography.Paragraph>
            <Space direction="vertical" style={{ width: '100%' }}>
              <Button type="primary" size="large" block onClick={() => setStep('scan')}>
                {t('auth:register.setupNow')}
              </Button>
              <Button size="large" block onClick={() => setStep('done')}>
                {t('auth:register.later')}
              </Button>
            </Space>
          </div>
        )}
        {step === 'scan' && result && (
          <ScanStep result={result} onNext={() => setStep('code')} onBack={() => setStep('offer')} />
        )}
        {step === 'code' && result && (
          <CodeStep
            challenge={result.challenge}
            onBack={() => setStep('scan')}
            onDone={(on) => {
              setMfaOn(on);
              setSetupExpired(!on);
              setStep('done');
            }}
          />
        )}
      </>
    );
  }

  return (
    <PublicShell>
      <Card className="public-card" style={{ maxWidth: 560 }}>
        <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
          {t('auth:register.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('auth:register.subtitle')}</Typography.Paragraph>
        {body}
      </Card>
    </PublicShell>
  );
}

function SignInButton() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <Button type="primary" size="large" block onClick={() => navigate('/login', { replace: true })} data-testid="go-sign-in">
      {t('register.signIn')}
    </Button>
  );
}

/** Step 1: the password, checked against every rule before the call, then by the server. */
function PasswordStep({
  token,
  registration,
  onDone,
  onLinkDead,
}: {
  token: string;
  registration: Registration;
  onDone: (r: RegisterResult) => void;
  onLinkDead: () => void;
}) {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const { notification } = App.useApp();
  const [form] = Form.useForm<PasswordForm>();
  const register = useRegister();
  const names = [registration.firstNameTh, registration.lastNameTh, registration.firstNameEn, registration.lastNameEn];
  const name = personName(registration, i18n.language);

  const submit = async (v: PasswordForm) => {
    try {
      onDone(await register.mutateAsync({ token, password: v.password, confirmPassword: v.confirmPassword }));
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (e.status === 410) onLinkDead();
      // a rule the server checks (a name, the old password) is about the new password
      else for (const msg of applyFieldErrors(form, e, ['password', 'confirmPassword'], (f) => (f === 'confirmPassword' ? f : 'password'))) notification.error({ message: msg });
    }
  };

  return (
    <Form<PasswordForm>
      form={form}
      layout="vertical"
      requiredMark={false}
      validateTrigger="onBlur"
      onValuesChange={(changed) => form.setFields(clearErrors(changed))}
      onFinish={(v) => void submit(v)}
      name="register"
    >
      <Typography.Paragraph strong>{t('auth:register.welcome', { name })}</Typography.Paragraph>
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('auth:register.email')}>
          <span data-testid="register-email">{registration.email}</span>
        </Descriptions.Item>
      </Descriptions>
      <NewPasswordFields
        label={t('auth:register.password')}
        placeholder={t('auth:register.passwordPlaceholder')}
        confirmLabel={t('auth:register.confirmPassword')}
        confirmPlaceholder={t('auth:register.confirmPlaceholder')}
        names={names}
      />
      <Button type="primary" htmlType="submit" size="large" block loading={register.isPending} data-testid="register-submit">
        {t('auth:register.submit')}
      </Button>
    </Form>
  );
}

/** Step 3: the QR code of the otpauth URI, and the secret for typing in. */
function ScanStep({ result, onNext, onBack }: { result: RegisterResult; onNext: () => void; onBack: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <div data-testid="register-scan">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('register.scanTitle')}
      </Typography.Title>
      <div style={{ display: 'flex', justifyContent: 'center', margin: '8px 0 16px' }}>
        <QrCode value={result.totp.otpauthUri} alt={t('register.qrAlt')} testId="totp-qr" />
      </div>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
        {t('register.scanText')}
      </Typography.Paragraph>
      <Typography.Paragraph copyable={{ text: result.totp.secret }} code data-testid="totp-secret" style={{ fontSize: 15 }}>
        {groupSecret(result.totp.secret)}
      </Typography.Paragraph>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Button onClick={onBack}>{t('register.back')}</Button>
        <Button type="primary" onClick={onNext} data-testid="register-next">
          {t('register.next')}
        </Button>
      </Space>
    </div>
  );
}

/** Step 4: the 6-digit code confirms the authenticator and turns two factors on. */
function CodeStep({ challenge, onBack, onDone }: { challenge: string; onBack: () => void; onDone: (mfaOn: boolean) => void }) {
  const { t } = useTranslation('auth');
  const { notification } = App.useApp();
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useVerifyRegisterOtp();

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const problem = checkCode(code);
    setError(problem ? t(problem) : null);
    if (problem) return;
    try {
      await verify.mutateAsync({ challenge, code });
      onDone(true);
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (e.status === 422) setError(t('code.invalid'));
      else if (e.status === 401) onDone(false); // the set-up challenge died: registered, two factors off
      else if (!e.handled) notification.error({ message: e.message });
    }
  };

  return (
    <form noValidate onSubmit={submit} name="register-code" data-testid="register-code">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        <label htmlFor={`${id}-code`}>{t('register.codeTitle')}</label>
      </Typography.Title>
      <Form.Item
        validateStatus={error ? 'error' : undefined}
        help={error ? <span id={`${id}-error`} role="alert">{error}</span> : undefined}
      >
        <CodeInput
          id={`${id}-code`}
          value={code}
          onChange={(v) => {
            setCode(v);
            setError(null);
          }}
          invalid={Boolean(error)}
          describedBy={error ? `${id}-error` : undefined}
          autoFocus
        />
      </Form.Item>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Button onClick={onBack}>{t('register.back')}</Button>
        <Button type="primary" htmlType="submit" loading={verify.isPending} data-testid="register-confirm-code">
          {t('register.confirmCode')}
        </Button>
      </Space>
    </form>
  );
}

/** A dead invitation link: its message and the button that e-mails a new one. */
function ExpiredRegistration({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const { notification } = App.useApp();
  const resend = useResendRegistration();
  const [outcome, setOutcome] = useState<'sent' | 'mail' | null>(null);
  const ask = async () => {
    setOutcome(null);
    try {
      await resend.mutateAsync(token);
      setOutcome('sent');
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (e.code === 'MAIL_FAILED') setOutcome('mail');
      else if (!e.handled) notification.error({ message: e.message });
    }
  };
  return (
    <LinkExpired
      title={t('register.linkExpiredTitle')}
      text={t('register.linkExpiredText')}
      outcome={
        outcome === 'sent' ? (
          <Alert type="success" showIcon message={t('register.linkResent')} data-testid="link-resent" style={{ textAlign: 'left' }} />
        ) : outcome === 'mail' ? (
          <MailFailed onRetry={() => void ask()} loading={resend.isPending} />
        ) : null
      }
      action={
        outcome === 'sent' ? undefined : (
          <Button type="primary" size="large" block onClick={() => void ask()} loading={resend.isPending} data-testid="request-new-link">
            {t('register.requestNewLink')}
          </Button>
        )
      }
    />
  );
}
