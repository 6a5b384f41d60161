import { Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TwoFactorCard } from '@/features/account/components/two-factor-card';
import { passwordDaysLeft, passwordNoticeDue } from '@/features/account/password-expiry';
import { LanguageSwitch } from '@/components/language-switch';
import { branchLabel, currentPermission, displayName, roleLabel } from '@/lib/labels';
import { useBranches } from '@/lib/api/get-branches';
import { DEFAULT_TIME_ZONE, formatDate, formatDateTime } from '@/lib/dates';
import { useSession } from '@/lib/use-session';

/**
 * Account and security: who is signed in, the pairs held, the password (age, change), two-step
 * verification (on, off) and the language, kept on this device and saved on the account
 * (use-save-language.ts, mounted by the layout) so that it is sent with every call.
 */
export default function AccountPage() {
  const { t, i18n } = useTranslation(['account', 'common']);
  const lang = i18n.language;
  const navigate = useNavigate();
  const { userInfo: user } = useSession();
  const branches = useBranches();
  if (!user) return null;
  const current = currentPermission(user);
  const timeZone = branches.data?.find((b) => b.code === user.current?.branchCode)?.timeZone ?? DEFAULT_TIME_ZONE;
  const days = passwordDaysLeft(user.passwordExpiresAt);

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('account:title')}
      </Typography.Title>
      <Card title={t('account:profile')}>
        <Descriptions column={{ xs: 1, md: 2 }} data-testid="account-profile">
          <Descriptions.Item label={t('account:name')}>{displayName(user, lang)}</Descriptions.Item>
          <Descriptions.Item label={t('account:email')}>{user.email}</Descriptions.Item>
          <Descriptions.Item label={t('account:employeeCode')}>{user.employeeCode}</Descriptions.Item>
          <Descriptions.Item label={t('account:signedInAt')}>
            <span data-testid="signed-in-at">{formatDateTime(user.loginIssuedAt, lang, timeZone)}</span>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card
        title={t('account:password')}
        extra={
          <Button onClick={() => navigate('/auth/account/password')} data-testid="change-password">
            {t('account:changePassword')}
          </Button>
        }
      >
        <Descriptions column={{ xs: 1, md: 2 }} data-testid="account-password">
          <Descriptions.Item label={t('account:passwordChangedAt')}>
            {user.passwordChangedAt ? formatDate(user.passwordChangedAt, lang, timeZone) : '–'}
          </Descriptions.Item>
          {user.passwordExpiresAt && (
            <Descriptions.Item label={t('account:passwordExpiresAt')}>
              <Space wrap>
                <span>{formatDate(user.passwordExpiresAt, lang, timeZone)}</span>
                {days !== null && (
                  <Tag color={days < 0 ? 'red' : passwordNoticeDue(days) ? 'orange' : 'default'} data-testid="password-days-left">
                    {days < 0 ? t('account:expired') : t('account:daysLeft', { count: days })}
                  </Tag>
                )}
              </Space>
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <TwoFactorCard user={user} />
      <Card title={t('account:pairs')}>
        <Descriptions bordered column={1} size="small" data-testid="account-pairs">
          {user.permission.map((p) => (
            <Descriptions.Item key={`${p.branchCode}/${p.roleCode}`} label={branchLabel(p, lang)}>
              <Space wrap>
                <span style={{ whiteSpace: 'nowrap' }}>{roleLabel(t, p.roleCode, p, lang)}</span>
                {p === current && <Tag color="green">{t('account:current')}</Tag>}
              </Space>
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Card>
      <Card title={t('account:language')}>
        <Space direction="vertical">
          <LanguageSwitch />
          <Typography.Text type="secondary">{t('account:languageHint')}</Typography.Text>
        </Space>
      </Card>
    </Space>
  );
}
