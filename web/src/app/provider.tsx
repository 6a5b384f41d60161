import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyNoticeHost } from '@/components/lazy-notice-host';
import { LoadingOverlay } from '@/components/loading-overlay';
import { ScreenSizeNotice } from '@/components/screen-size-notice';

/**
 * The root: TanStack Query, the loading overlay, the screen-size notice and the global
 * notices. Ant Design's ConfigProvider/App wrap the screens after Login (antd-boundary.tsx)
 * and the notice host, so the Login route's first paint does not wait for Ant Design.
 */
export function AppProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  const { i18n } = useTranslation();
  useEffect(() => {
    document.documentElement.lang = i18n.language;
  }, [i18n.language]);
  return (
    <QueryClientProvider client={client}>
      {children}
      <LoadingOverlay />
      <ScreenSizeNotice />
      <LazyNoticeHost />
    </QueryClientProvider>
  );
}
