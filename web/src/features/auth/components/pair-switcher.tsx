import { App, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { SwapOutlined } from '@/components/icons';
import { branchLabel, currentPermission, roleLabel } from '@/lib/labels';
import { useChoosePair } from '@/features/auth/use-choose-pair';
import { publishGlobal } from '@/lib/global-events';
import { useSession } from '@/lib/use-session';

/** The header's current branch and role; with several pairs, a switch that asks first. */
export function PairSwitcher() {
  const { t, i18n } = useTranslation(['auth', 'layout', 'common']);
  const lang = i18n.language;
  const { modal } = App.useApp();
  const { userInfo } = useSession();
  const choose = useChoosePair();
  if (!userInfo) return null;
  const current = currentPermission(userInfo);
  const chip = (
    <span className="pair-chip" data-testid="current-pair">
      <strong>{current ? roleLabel(t, current.roleCode, current, lang) : '—'}</strong>
      <small>{current ? branchLabel(current, lang) : ''}</small>
    </span>
  );
  const others = userInfo.permission.filter((p) => p !== current);
  if (others.length === 0) return chip;

  const confirmSwitch = (key: string) => {
    const p = others.find((o) => `${o.branchCode}/${o.roleCode}` === key);
    if (!p) return;
    const role = roleLabel(t, p.roleCode, p, lang);
    const branch = branchLabel(p, lang);
    modal.confirm({
      title: t('auth:switchPair.confirmTitle'),
      content: t('auth:switchPair.confirmContent', { role, branch }),
      okText: t('common:confirm'),
      cancelText: t('common:cancel'),
      onOk: async () => {
        await choose.mutateAsync({ branchCode: p.branchCode, roleCode: p.roleCode });
        publishGlobal({ kind: 'toast', type: 'success', msg: t('auth:switchPair.done', { role, branch }) });
      },
    });
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        onClick: ({ key }) => confirmSwitch(key),
        items: [
          { key: 'title', type: 'group', label: t('auth:switchPair.title') },
          ...others.map((p) => ({
            key: `${p.branchCode}/${p.roleCode}`,
            label: `${roleLabel(t, p.roleCode, p, lang)} · ${branchLabel(p, lang)}`,
          })),
        ],
      }}
    >
      <Button type="text" className="pair-switch" style={{ height: 'auto', padding: '4px 8px' }} data-testid="switch-pair" aria-label={t('layout:switchPair')}>
        <span style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          {chip}
          <SwapOutlined />
        </span>
      </Button>
    </Dropdown>
  );
}
