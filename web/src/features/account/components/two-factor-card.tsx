// Two-step verification on the account page: turn it on (authenticator QR code, then a
// code), or off (a fresh code from the app or by e-mail).
import { Alert, App, Button, Card, Form, Modal, Radio, Space, Tag, Typography, type ButtonProps } from 'antd';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisableMfa } from '@/features/account/api/disable-mfa';
import { useEnableMfa } from '@/features/account/api/enable-mfa';
import { useRequestAccountCode, type AccountCodeMethod } from '@/features/account/api/request-account-code';
import { useSetupMfa, type MfaSetup } from '@/features/account/api/setup-mfa';
import { refreshUserInfo } from '@/features/account/refresh-user-info';
import { CodeInput } from '@/components/code-input';
import { QrCode } from '@/components/qr-code';
import { isApiError, type ApiError } from '@/lib/api-client';
import { checkCode, groupSecret } from '@/lib/one-time-code';
import type { UserInfo } from '@/lib/session';
import { useCountdown } from '@/lib/use-countdown';

export function TwoFactorCard({ user }: { user: UserInfo }) {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState<'enable' | 'disable' | null>(null);
  const on = Boolean(user.mfaEnabled);
  const methods = (user.mfaMethods ?? []).filter((m): m is AccountCodeMethod => m === 'TOTP' || m === 'EMAIL');
  // A dialog is unmounted when it closes, so rc-dialog never gives the focus back: the card's
  // button takes it (one button, whichever it says, so that the focus stays on it when turning
  // two factors on or off changes its words).
  const action = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      action.current?.focus();
    }
  }, [open]);
  return (
    <Card title={t('twoFactor')} data-testid="two-factor-card">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Tag color={on ? 'green' : 'default'} data-testid="two-factor-status">
            {on ? t('on') : t('off')}
          </Tag>
          {on && methods.map((m) => <Tag key={m}>{t(`method.${m}`)}</Tag>)}
        </Space>
        <Typography.Text type="secondary">{on ? t('twoFactorOnText') : t('twoFactorOffText')}</Typography.Text>
        <div>
          <Button
            ref={action}
            type={on ? 'default' : 'primary'}
            danger={on}
            onClick={() => setOpen(on ? 'disable' : 'enable')}
            data-testid={on ? 'two-factor-disable' : 'two-factor-enable'}
          >
            {on ? t('disable') : t('enable')}
          </Button>
        </div>
      </Space>
      {open === 'enable' && <EnableModal onClose={() => setOpen(null)} />}
      {open === 'disable' && <DisableModal user={user} methods={methods} onClose={() => setOpen(null)} />}
    </Card>
  );
}

/** Field error of the code for a failure; null when the modal should say it otherwise. */
function codeProblem(e: ApiError): 'invalid' | 'expired' | null {
  if (e.status === 422) return 'invalid';
  if (e.status === 401 && e.code === 'MFA_EXPIRED') return 'expired';
  return null;
}

function EnableModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['account', 'auth']);
  const { notification } = App.useApp();
  const id = useId();
  const setup = useSetupMfa();
  const enable = useEnableMfa();
  const [data, setData] = useState<MfaSetup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);

  const start = () => {
    setExpired(false);
    setCode('');
    setError(null);
    setup.mutate(undefined, {
      onSuccess: setData,
      onError: (e) => {
        if (isApiError(e) && e.status === 409) void refreshUserInfo().finally(onClose); // already on
        else onClose();
      },
    });
  };
  // Once, when the modal opens (a second set-up would replace the secret being shown).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start();
  });

  const submit = async (ev?: FormEvent) => {
    ev?.preventDefault();
    if (!data) return;
    const problem = checkCode(code);
    setError(problem ? t(`auth:${problem}`) : null);
    if (problem) return;
    try {
      await enable.mutateAsync({ challenge: data.challenge, code });
      notification.success({ message: t('account:enabled') });
      await refreshUserInfo().catch(() => undefined);
      onClose();
    } catch (e) {
      if (!isApiError(e)) throw e;
      const p = codeProblem(e);
      if (p === 'invalid') setError(t('auth:code.invalid'));
      else if (p === 'expired') setExpired(true);
      else if (!e.handled) notification.error({ message: e.message });
    }
  };

  return (
    <Modal
      open
      title={t('account:enableTitle')}
      onCancel={onClose}
      okText={t('account:confirm')}
      cancelText={t('account:cancel')}
      onOk={() => void submit()}
      okButtonProps={{ loading: enable.isPending, disabled: !data || expired, 'data-testid': 'enable-confirm' } as ButtonProps}
      destroyOnHidden
      width={480}
    >
      {expired && (
        <Alert
          type="warning"
          showIcon
          message={t('account:challengeExpired')}
          action={<Button size="small" onClick={start}>{t('account:startAgain')}</Button>}
          style={{ marginBottom: 16 }}
        />
      )}
      {data && !expired && (
        <form noValidate onSubmit={(ev) => void submit(ev)} data-testid="enable-form">
          <Typography.Paragraph strong>{t('account:scanTitle')}</Typography.Paragraph>
          <div style={{ display: 'flex', justifyContent: 'center', marginBottom: 12 }}>
            <QrCode value={data.otpauthUri} alt={t('account:qrAlt')} size={180} testId="totp-qr" />
          </div>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
            {t('account:scanText')}
          </Typography.Paragraph>
          <Typography.Paragraph copyable={{ text: data.secret }} code data-testid="totp-secret">
            {groupSecret(data.secret)}
          </Typography.Paragraph>
          <Typography.Paragraph strong>
            <label htmlFor={`${id}-code`}>{t('account:codeTitle')}</label>
          </Typography.Paragraph>
          <Form.Item validateStatus={error ? 'error' : undefined} help={error ? <span role="alert">{error}</span> : undefined} style={{ marginBottom: 0 }}>
            <CodeInput id={`${id}-code`} value={code} onChange={(v) => { setCode(v); setError(null); }} invalid={Boolean(error)} />
          </Form.Item>
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </form>
      )}
    </Modal>
  );
}

function DisableModal({ user, methods, onClose }: { user: UserInfo; methods: AccountCodeMethod[]; onClose: () => void }) {
  const { t } = useTranslation(['account', 'auth']);
  const { notification } = App.useApp();
  const id = useId();
  const [method, setMethod] = useState<AccountCodeMethod>(methods.includes('TOTP') ? 'TOTP' : 'EMAIL');
  const [challenge, setChallenge] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<'sent' | 'expired' | 'mail' | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const wait = useCountdown(resendAt);
  const request = useRequestAccountCode();
  const disable = useDisableMfa();

  const choose = (m: AccountCodeMethod) => {
    setMethod(m);
    setChallenge(null);
    setCode('');
    setError(null);
    setNotice(null);
  };

  const ask = async (m: AccountCodeMethod): Promise<string | null> => {
    try {
      const { challenge: ch } = await request.mutateAsync(m);
      setChallenge(ch);
      if (m === 'EMAIL') {
        setNotice('sent');
        setResendAt(Date.now() + 60_000);
      }
      return ch;
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (e.code === 'MAIL_FAILED') setNotice('mail');
      else if (e.status === 409) void refreshUserInfo().finally(onClose); // already off
      else if (!e.handled) notification.error({ message: e.message });
      return null;
    }
  };

  const submit = async (ev?: FormEvent) => {
    ev?.preventDefault();
    const problem = checkCode(code);
    setError(problem ? t(`auth:${problem}`) : null);
    if (problem) return;
    // An authenticator code needs no send: the challenge is asked for with the code.
    const ch = challenge ?? (method === 'TOTP' ? await ask('TOTP') : null);
    if (!ch) return;
    try {
      await disable.mutateAsync({ challenge: ch, method, code });
      notification.success({ message: t('account:disabled') });
      await refreshUserInfo().catch(() => undefined);
      onClose();
    } catch (e) {
      if (!isApiError(e)) throw e;
      const p = codeProblem(e);
      if (p === 'invalid') setError(t('auth:code.invalid'));
      else if (p === 'expired') {
        setChallenge(null);
        setCode('');
        setNotice('expired');
      } else if (!e.handled) notification.error({ message: e.message });
    }
  };

  const needsSend = method === 'EMAIL' && !challenge;
  return (
    <Modal
      open
      title={t('account:disableTitle')}
      onCancel={onClose}
      okText={t('account:confirmDisable')}
      cancelText={t('account:cancel')}
      onOk={() => void submit()}
      okButtonProps={{ danger: true, loading: disable.isPending || request.isPending, disabled: needsSend, 'data-testid': 'disable-confirm' } as ButtonProps}
      destroyOnHidden
      width={480}
    >
      <Typography.Paragraph type="secondary">{t('account:disableText')}</Typography.Paragraph>
      <Typography.Paragraph strong style={{ marginBottom: 8 }}>
        {t('account:chooseMethod')}
      </Typography.Paragraph>
      <Radio.Group value={method} onChange={(e) => choose(e.target.value as AccountCodeMethod)} style={{ marginBottom: 16 }}>
        <Space direction="vertical">
          {methods.map((m) => (
            <Radio key={m} value={m} data-testid={`disable-method-${m}`}>
              {t(`account:method.${m}`)}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      {notice === 'sent' && method === 'EMAIL' && <Alert type="success" showIcon message={t('account:codeSent', { email: user.email })} style={{ marginBottom: 12 }} />}
      {notice === 'expired' && <Alert type="warning" showIcon message={t('account:challengeExpired')} style={{ marginBottom: 12 }} />}
      {notice === 'mail' && <Alert type="error" showIcon message={t('auth:mail.failed')} style={{ marginBottom: 12 }} data-testid="mail-failed" />}
      {method === 'EMAIL' && (
        <Button onClick={() => void ask('EMAIL')} loading={request.isPending} disabled={wait > 0} style={{ marginBottom: 12 }} data-testid="disable-send-code">
          {notice === 'mail' ? t('auth:mail.retry') : challenge ? (wait > 0 ? t('auth:mfa.resendIn', { seconds: wait }) : t('auth:mfa.resend')) : t('account:sendCode')}
        </Button>
      )}
      {!needsSend && (
        <form noValidate onSubmit={(ev) => void submit(ev)}>
          <Typography.Paragraph strong style={{ marginBottom: 8 }}>
            <label htmlFor={`${id}-code`}>{t('auth:code.label')}</label>
          </Typography.Paragraph>
          <Form.Item validateStatus={error ? 'error' : undefined} help={error ? <span role="alert">{error}</span> : undefined} style={{ marginBottom: 0 }}>
            <CodeInput id={`${id}-code`} value={code} onChange={(v) => { setCode(v); setError(null); }} invalid={Boolean(error)} autoFocus />
          </Form.Item>
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </form>
      )}
    </Modal>
  );
}
