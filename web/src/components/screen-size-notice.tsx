import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { MIN_SUPPORTED_WIDTH_PX } from '@/config/constants';

const query = `(max-width: ${MIN_SUPPORTED_WIDTH_PX - 1}px)`;

function subscribe(cb: () => void) {
  const mql = window.matchMedia(query);
  mql.addEventListener('change', cb);
  return () => mql.removeEventListener('change', cb);
}
const tooNarrow = () => window.matchMedia(query).matches;

/** Covers the app when the viewport is narrower than the smallest supported width. */
export function ScreenSizeNotice() {
  const narrow = useSyncExternalStore(subscribe, tooNarrow, () => false);
  const { t } = useTranslation('common');
  if (!narrow) return null;
  return (
    <div className="screen-size-notice" data-testid="screen-size-notice" role="alert">
      <div>
        <div className="screen-size-icon" aria-hidden>
          ⤢
        </div>
        <h2>{t('screenSize.title')}</h2>
        <p>{t('screenSize.description')}</p>
      </div>
    </div>
  );
}
