import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { passwordDaysLeft, passwordNoticeDue } from '@/features/account/password-expiry';
import { useSession } from '@/lib/use-session';

const DISMISSED_KEY = 'passwordNoticeDismissed';

/**
 * The expiring-password notice (SPEC.md §2, §9): above every screen when the 90 days come
 * within two weeks, with the days left and the way to change it. Closing it hides it until
 * the next sign-in.
 */
export function PasswordExpiryNotice() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { userInfo, loginIssuedAt } = useSession();
  const signInKey = String(loginIssuedAt ?? '');
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED_KEY) === signInKey);
  const days = passwordDaysLeft(userInfo?.passwordExpiresAt);
  if (!passwordNoticeDue(days) || dismissed || pathname === '/auth/account/password') return null;
  const title = days < 0 ? t('expiry.past') : days === 0 ? t('expiry.today') : t('expiry.soon', { count: days });
  return (
    <Alert
      type={days <= 0 ? 'error' : 'warning'}
      showIcon
      closable
      onClose={() => {
        sessionStorage.setItem(DISMISSED_KEY, signInKey);
        setDismissed(true);
      }}
      message={<span data-testid="password-expiry-notice">{title}</span>}
      description={t('expiry.text')}
      action={
        <Button size="small" type="primary" onClick={() => navigate('/auth/account/password')}>
          {t('expiry.action')}
        </Button>
      }
      style={{ marginBottom: 16 }}
    />
  );
}
