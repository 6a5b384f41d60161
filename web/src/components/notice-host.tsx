import { AntdProvider } from '@/components/antd-provider';
import { GlobalNotices } from '@/components/global-notices';

/** The global modals and toasts, in their own Ant Design root (see lazy-notice-host.tsx). */
export default function NoticeHost() {
  return (
    <AntdProvider>
      <GlobalNotices />
    </AntdProvider>
  );
}
