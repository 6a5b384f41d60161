import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import thTH from 'antd/locale/th_TH';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_S } from '@/config/constants';
import { setDateLocale } from '@/lib/dates';

/** People who ask their system for less motion get dialogs and drawers without animation. */
const reducedMotion =
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;

export const theme = {
  token: {
    colorPrimary: '#0f766e',
    // Ant Design's links are blue by default; ours are teal like the rest (issue 19 item 13)
    colorLink: '#0f766e',
    borderRadius: 8,
    // shipped with the app (main.tsx): Thai reads the same on every device
    fontFamily:
      "'Noto Sans Thai Variable', 'Noto Sans Thai', 'Sarabun', 'Leelawadee UI', Tahoma, -apple-system, 'Segoe UI', Roboto, sans-serif",
    motion: !reducedMotion,
  },
  components: {
    // the sidebar (the one dark menu): an open group's items on a shade of its green, not
    // Ant Design's near-black (QA 2026-11-26 #22)
    Menu: { darkItemBg: 'transparent', darkSubMenuItemBg: 'rgba(0, 0, 0, 0.18)' },
  },
};

/**
 * Ant Design in the interface language: its th_TH / en_US locale and dayjs (Buddhist-era
 * years in Thai) follow i18next; toasts at the bottom right for 3 s; App.useApp() inside.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'th';
  setDateLocale(lang);
  const locale = lang === 'th' ? thTH : enUS;
  // rc-dialog names a dialog's close button "Close" in every language; the locale's word instead
  const modal = { closable: { 'aria-label': locale.global?.close } };
  return (
    <ConfigProvider locale={locale} theme={theme} modal={modal}>
      <AntApp
        notification={{ placement: 'bottomRight', duration: TOAST_DURATION_S }}
        message={{ duration: TOAST_DURATION_S }}
      >
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
