import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import thTH from 'antd/locale/th_TH';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_S } from '@/config/constants';
import { setDateLocale } from '@/lib/dates';
import { theme } from './antd-theme';

export { MUTED_TEXT } from './antd-theme';

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
    <ConfigProvider locale={locale} theme={theme} modal={modal} spin={{ indicator: <SpinIndicator /> }}>
      <AntApp
        notification={{ placement: 'bottomRight', duration: TOAST_DURATION_S }}
        message={{ duration: TOAST_DURATION_S }}
      >
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

/**
 * Ant Design's four turning dots (its spin/Indicator/Looper) with a name in the interface
 * language: every Spin and every table's loading cover says "กำลังโหลด..." / "Loading..." to
 * a screen reader (issue 29). Spin gives it its dot class.
 */
function SpinIndicator({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  return (
    <span className="ant-spin-dot-holder" role="status" aria-label={t('loading')} data-testid="spinner">
      <span className={`${className ?? ''} ant-spin-dot-spin`}>
        <i className="ant-spin-dot-item" />
        <i className="ant-spin-dot-item" />
        <i className="ant-spin-dot-item" />
        <i className="ant-spin-dot-item" />
      </span>
    </span>
  );
}
