import { Suspense, lazy, useEffect, useState } from 'react';
import { onGlobalDemand } from '@/lib/global-events';

const NoticeHost = lazy(() => import('@/components/notice-host'));

const WARM_EVENTS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/**
 * Mounts the notice host (Ant Design's modals) when a notice is waiting, or as soon as the
 * user first interacts, so it is ready before any call can fail (also when offline later),
 * without weighing on the first paint of Login.
 */
export function LazyNoticeHost() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (mounted) return;
    const mount = () => setMounted(true);
    const off = onGlobalDemand(mount);
    for (const e of WARM_EVENTS) window.addEventListener(e, mount, { once: true, passive: true, capture: true });
    return () => {
      off();
      for (const e of WARM_EVENTS) window.removeEventListener(e, mount, { capture: true });
    };
  }, [mounted]);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <NoticeHost />
    </Suspense>
  );
}
