import { Outlet } from 'react-router';
import { AntdProvider } from '@/components/antd-provider';

/** Route element of every screen after Login: Ant Design arrives with the first of them. */
export default function AntdBoundary() {
  return (
    <AntdProvider>
      <Outlet />
    </AntdProvider>
  );
}
