import { Button, Card, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PublicShell } from '@/features/auth/components/public-shell';
import { clearSession } from '@/lib/session';

/** A user with no roles, or an inactive account, is told to contact an administrator. */
export default function InactiveAccountPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  useEffect(() => clearSession(), []);
  return (
    <PublicShell>
      <Card className="public-card">
        <Result
          status="warning"
          title={t('auth:inactive.title')}
          subTitle={t('auth:inactive.description')}
          extra={
            <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
              {t('common:backToLogin')}
            </Button>
          }
        />
      </Card>
    </PublicShell>
  );
}
