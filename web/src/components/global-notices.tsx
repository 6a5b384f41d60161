// Shows the global modals of SPEC.md §4 and §8 that the API client and the session raise.
// Lives inside Ant Design's <App> so the modals follow the theme and the language.
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribeGlobal, type GlobalEvent } from '@/lib/global-events';

type Kind = GlobalEvent['kind'];

export function goToLogin(): void {
  window.location.assign('/login');
}

export function GlobalNotices() {
  const { modal, notification } = App.useApp();
  const { t } = useTranslation(['errors', 'common']);
  const open = useRef(new Set<Kind>());

  useEffect(() => {
    const once = (kind: Kind, show: (done: () => void) => void) => {
      // A burst of failing calls shows one modal, not one per call.
      if (open.current.has(kind)) return;
      open.current.add(kind);
      show(() => open.current.delete(kind));
    };
    const fixed = { closable: false, maskClosable: false, keyboard: false, centered: true } as const;

    const onEvent = (e: GlobalEvent) => {
      switch (e.kind) {
        case 'unauthorized':
          once(e.kind, () =>
            modal.warning({
              ...fixed,
              title: t('errors:unauthorized.title'),
              content: (
                <div data-testid="modal-unauthorized">
                  <p>{t('errors:unauthorized.description1')}</p>
                  <p>{t('errors:unauthorized.description2')}</p>
                </div>
              ),
              okText: t('common:backToLogin'),
              onOk: goToLogin,
            }),
          );
          break;
        case 'bad-request':
          once(e.kind, () =>
            modal.error({
              ...fixed,
              title: t('errors:badRequest.title'),
              content: <div data-testid="modal-bad-request">{e.msg}</div>,
              okText: t('common:gotIt'),
              onOk: goToLogin,
            }),
          );
          break;
        case 'server-error':
          once(e.kind, () =>
            modal.error({
              ...fixed,
              title: t('errors:server.title', { code: e.status }),
              content: <div data-testid="modal-server-error">{e.msg || t('errors:server.fallback')}</div>,
              okText: t('common:gotIt'),
              onOk: () => window.location.reload(),
            }),
          );
          break;
        case 'network':
          once(e.kind, (done) =>
            modal.warning({
              ...fixed,
              title: t('errors:network.title'),
              content: <div data-testid="modal-network">{t('errors:network.description')}</div>,
              okText: t('common:ok'),
              onOk: done,
            }),
          );
          break;
        case 'session-timeout':
          once(e.kind, () =>
            modal.info({
              ...fixed,
              title: t('errors:sessionTimeout.title'),
              content: <div data-testid="modal-session-timeout">{t('errors:sessionTimeout.description')}</div>,
              okText: t('common:backToLogin'),
              onOk: goToLogin,
            }),
          );
          break;
        case 'toast':
          if (e.type === 'success') notification.success({ message: e.msg });
          else notification.error({ message: e.msg });
          break;
      }
    };
    const offline = () => onEvent({ kind: 'network' });
    window.addEventListener('offline', offline);
    const unsubscribe = subscribeGlobal(onEvent);
    return () => {
      unsubscribe();
      window.removeEventListener('offline', offline);
    };
  }, [modal, notification, t]);

  return null;
}
