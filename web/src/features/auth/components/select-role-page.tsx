import { Button, Card, Form, Radio, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { FieldSelect, RadioGroupField } from '@/components/form-controls';
import { PublicShell } from '@/features/auth/components/public-shell';
import { branchLabel, roleLabel } from '@/lib/labels';
import { useChoosePair } from '@/features/auth/use-choose-pair';
import { useSignOut } from '@/features/auth/use-sign-out';
import type { Pair, Permission } from '@/lib/session';
import { useSession } from '@/lib/use-session';

/** After sign-in, a user holding several (branch, role) pairs chooses one to work as. */
export default function SelectRolePage() {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const lang = i18n.language;
  const session = useSession();
  const [form] = Form.useForm<Pair>();
  const branchCode = Form.useWatch('branchCode', form);
  const choose = useChoosePair();
  const signOut = useSignOut();

  const permissions = session.userInfo?.permission;
  const branches = useMemo(() => {
    const seen = new Map<string, Permission>();
    for (const p of permissions ?? []) if (!seen.has(p.branchCode)) seen.set(p.branchCode, p);
    return [...seen.values()];
  }, [permissions]);

  if (!session.token || !session.userInfo) return <Navigate to="/login" replace />;

  const initialBranch = session.userInfo.current?.branchCode ?? branches[0]?.branchCode;
  const roles = (permissions ?? []).filter((p) => p.branchCode === (branchCode ?? initialBranch));

  return (
    <PublicShell>
      <Card className="public-card">
        <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
          {t('auth:selectRole.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('auth:selectRole.subtitle')}</Typography.Paragraph>
        <Form<Pair>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ branchCode: initialBranch, roleCode: session.userInfo.current?.roleCode }}
          onFinish={(v) => choose.mutate({ branchCode: v.branchCode, roleCode: v.roleCode })}
          name="select-role"
        >
          <Form.Item name="branchCode" label={t('auth:selectRole.branch')} rules={[{ required: true, message: t('auth:selectRole.required') }]}>
            <FieldSelect
              size="large"
              data-testid="select-branch"
              onChange={() => form.setFieldValue('roleCode', undefined)}
              options={branches.map((b) => ({ value: b.branchCode, label: branchLabel(b, lang) }))}
            />
          </Form.Item>
          <Form.Item name="roleCode" label={t('auth:selectRole.role')} rules={[{ required: true, message: t('auth:selectRole.required') }]}>
            <RadioGroupField style={{ width: '100%' }}>
              <Space direction="vertical" style={{ width: '100%' }}>
                {roles.map((p) => (
                  <Radio.Button key={p.roleCode} value={p.roleCode} style={{ width: '100%' }} data-testid={`role-${p.roleCode}`}>
                    {roleLabel(t, p.roleCode, p, lang)}
                  </Radio.Button>
                ))}
              </Space>
            </RadioGroupField>
          </Form.Item>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Button type="primary" htmlType="submit" size="large" block loading={choose.isPending}>
              {t('auth:selectRole.submit')}
            </Button>
            <Button type="link" block onClick={() => void signOut()}>
              {t('auth:selectRole.signOut')}
            </Button>
          </Space>
        </Form>
      </Card>
    </PublicShell>
  );
}
