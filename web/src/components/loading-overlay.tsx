import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { loading } from '@/lib/loading';

/** Covers the screen while a call runs; hides 100 ms after the last one ends. */
export function LoadingOverlay() {
  const visible = useSyncExternalStore(loading.subscribe, loading.isVisible, loading.isVisible);
  const { t } = useTranslation('common');
  if (!visible) return null;
  return (
    <div className="loading-overlay" data-testid="loading-overlay" role="status" aria-live="polite">
      <span className="spinner" aria-hidden />
      <span className="sr-only">{t('loading')}</span>
    </div>
  );
}
