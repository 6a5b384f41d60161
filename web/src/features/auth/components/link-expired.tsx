import { Alert, Button, Result, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

type Props = {
  title: string;
  text: string;
  /** The "request a new link" button; absent when there is nothing to ask with. */
  action?: ReactNode;
  /** Shown under the title once a new link was asked for, or when it failed. */
  outcome?: ReactNode;
};

/** SPEC.md §8: a link that expired or was already used, with the way to ask for a new one. */
export function LinkExpired({ title, text, action, outcome }: Props) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title={<span data-testid="link-expired">{title}</span>}
      subTitle={text}
      style={{ padding: '16px 0' }}
      extra={
        <Space direction="vertical" style={{ width: '100%' }}>
          {outcome}
          {action}
          <Button type="link" onClick={() => navigate('/login', { replace: true })}>
            {t('backToLogin')}
          </Button>
        </Space>
      }
    />
  );
}

/** The retry prompt of SPEC.md §8 for an e-mail that could not be sent (503 MAIL_FAILED). */
export function MailFailed({ onRetry, loading }: { onRetry: () => void; loading?: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <Alert
      type="error"
      showIcon
      message={t('mail.failed')}
      data-testid="mail-failed"
      style={{ textAlign: 'left' }}
      action={
        <Button size="small" onClick={onRetry} loading={loading}>
          {t('mail.retry')}
        </Button>
      }
    />
  );
}
