import {
  BookOutlined, CoffeeOutlined, DatabaseOutlined, FileTextOutlined, FormOutlined, HistoryOutlined,
  GlobalOutlined, HomeOutlined, LogoutOutlined, MenuOutlined, SafetyOutlined, ShoppingCartOutlined, TeamOutlined,
  UserOutlined,
} from '@/components/icons';
import { Avatar, Button, Dropdown, Layout, Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { RefusedRouteNotice } from '@/app/layout/refused-route-notice';
import { useFocusOnNavigate } from '@/app/layout/focus-on-navigate';
import { sidebarFor, sidebarPaths, type MenuIcon } from '@/app/routes';
import { EnvMarker, VersionLabel } from '@/components/app-badges';
import { LanguageSwitch } from '@/components/language-switch';
import { displayName } from '@/lib/labels';
import { PairSwitcher } from '@/features/auth/components/pair-switcher';
import { PasswordExpiryNotice } from '@/features/account/components/password-expiry-notice';
import { useSaveLanguage } from '@/features/account/use-save-language';
import { changeLanguage } from '@/lib/i18n';
import { useSignOut } from '@/features/auth/use-sign-out';
import { useSession } from '@/lib/use-session';

// Beside their words, icons say nothing: Ant Design names each by its English name ("team",
// "user"), which a screen reader read before the Thai label (issue 29).
const ICONS: Record<MenuIcon, ReactNode> = {
  team: <TeamOutlined />, home: <HomeOutlined />, form: <FormOutlined />,
  history: <HistoryOutlined />, user: <UserOutlined />, shopping: <ShoppingCartOutlined />,
  file: <FileTextOutlined />, coffee: <CoffeeOutlined />, database: <DatabaseOutlined />,
  book: <BookOutlined />, safety: <SafetyOutlined />,
};

/** The screen's element: the skip link's target, where the new screen's heading is looked for. */
const CONTENT_ID = 'main-content';

/** Header (branch and role, language, sign-out), the role's sidebar, and the screen. */
export default function AppLayout() {
  const { t, i18n } = useTranslation(['layout', 'common', 'auth']);
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const signOut = useSignOut();
  useSaveLanguage();
  const [collapsed, setCollapsed] = useState(false);
  // Below the lg breakpoint the sidebar is a drawer over the screen, opened from the header.
  const [narrow, setNarrow] = useState(false);
  const role = session.userInfo?.current?.roleCode ?? null;

  const items: MenuProps['items'] = useMemo(
    () =>
      sidebarFor(role).map((node) =>
        'children' in node
          ? {
              key: node.label,
              icon: node.icon && ICONS[node.icon],
              label: t(node.label),
              children: node.children.map((c) => ({ key: `/auth/${c.path}`, label: t(c.label) })),
            }
          : { key: `/auth/${node.path}`, icon: node.icon && ICONS[node.icon], label: t(node.label) },
      ),
    [role, t],
  );

  // A deep link or a reload opens the group of the current screen, so its item shows selected.
  const currentGroup = useMemo(() => {
    const node = sidebarFor(role).find(
      (n) => 'children' in n && n.children.some((c) => pathname === `/auth/${c.path}` || pathname.startsWith(`/auth/${c.path}/`)),
    );
    return node && 'children' in node ? node.label : null;
  }, [role, pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>(currentGroup ? [currentGroup] : []);
  useEffect(() => {
    if (currentGroup) setOpenKeys((keys) => (keys.includes(currentGroup) ? keys : [...keys, currentGroup]));
  }, [currentGroup]);
  const selected = useMemo(() => {
    const hit = sidebarPaths(role).find((k) => pathname === `/auth/${k}` || pathname.startsWith(`/auth/${k}/`));
    return hit ? `/auth/${hit}` : pathname;
  }, [role, pathname]);

  useFocusOnNavigate(pathname, CONTENT_ID);
  // a phone's folded sidebar is off screen: out of the Tab order and of what a screen reader reads
  const folded = narrow && collapsed;

  const user = session.userInfo;
  const name = user ? displayName(user, i18n.language) : '';

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <a
        href={`#${CONTENT_ID}`}
        className="skip-link"
        data-testid="skip-link"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById(CONTENT_ID)?.focus();
        }}
      >
        {t('layout:skipToContent')}
      </a>
      <Layout.Sider
        breakpoint="lg"
        collapsedWidth={0}
        collapsed={collapsed}
        onCollapse={setCollapsed}
        onBreakpoint={setNarrow}
        trigger={null}
        width={248}
        // wide: the sidebar stays in view on a long page (sticky, scrolling on its own when
        // taller than the window); narrow: a drawer over the screen
        style={
          narrow
            ? { background: '#134e4a', position: 'fixed', insetBlock: 0, zIndex: 30 }
            : { background: '#134e4a', position: 'sticky', top: 0, height: '100vh', overflowY: 'auto' }
        }
      >
        <div {...(folded ? { inert: '' } : {})} data-testid="sider-inner">
        <div className="app-sider-brand">
          <span className="sider-logo" aria-hidden>
            ส
          </span>
          {t('common:appName')}
        </div>
        <nav aria-label={t('layout:sidebarLabel')} data-testid="sidebar">
          <Menu
            mode="inline"
            theme="dark"
            style={{ background: 'transparent' }}
            selectedKeys={[selected]}
            openKeys={openKeys}
            onOpenChange={setOpenKeys}
            items={items}
            onClick={({ key }) => {
              navigate(key);
              if (narrow) setCollapsed(true);
            }}
          />
        </nav>
        </div>
      </Layout.Sider>
      <Layout>
        <Layout.Header className="app-header">
          <div className="app-header-left">
            {narrow && (
              <Button
                type="text"
                icon={<MenuOutlined />}
                aria-label={t('layout:menuToggle')}
                aria-expanded={!collapsed}
                onClick={() => setCollapsed((c) => !c)}
              />
            )}
            <span className="app-title">{t('common:appSubtitle')}</span>
            <EnvMarker />
          </div>
          <div className="app-header-right">
            <PairSwitcher />
            <span className="hide-narrow">
              <LanguageSwitch size="small" />
            </span>
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'account', icon: <SafetyOutlined />, label: t('layout:account') },
                  {
                    key: 'language',
                    icon: <GlobalOutlined />,
                    label: i18n.language === 'en' ? t('common:languages.th') : t('common:languages.en'),
                  },
                  { type: 'divider' },
                  { key: 'sign-out', icon: <LogoutOutlined />, label: t('auth:signOut'), danger: true },
                ],
                onClick: ({ key }) => {
                  if (key === 'sign-out') void signOut();
                  else if (key === 'language') void changeLanguage(i18n.language === 'en' ? 'th' : 'en');
                  else navigate('/auth/account');
                },
              }}
            >
              <Button
                type="text"
                data-testid="user-menu"
                style={{ paddingInline: 4 }}
                // the name first (what the button shows beside the picture), then what it opens
                aria-label={name ? `${name} · ${t('layout:userMenu')}` : t('layout:userMenu')}
              >
                <Avatar size="small" style={{ background: '#0f766e' }} icon={<UserOutlined />} />
                <span className="hide-narrow">{name}</span>
              </Button>
            </Dropdown>
          </div>
        </Layout.Header>
        {narrow && !collapsed && <div className="sider-backdrop" onClick={() => setCollapsed(true)} aria-hidden />}
        <Layout.Content className="app-content" id={CONTENT_ID} tabIndex={-1}>
          <PasswordExpiryNotice />
          <RefusedRouteNotice />
          <Outlet />
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center', padding: '12px 16px' }}>
          <VersionLabel />
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}
