import { useTranslation } from 'react-i18next';

/** Shown when a screen could not load even after the automatic reload. */
export function RouteError() {
  const { t } = useTranslation('errors');
  return (
    <main className="public-page">
      <div className="plain-card" role="alert">
        <h2>{t('screenLoad.title')}</h2>
        <p>{t('generic.description')}</p>
        <button type="button" className="plain-btn plain-btn-primary" onClick={() => window.location.reload()}>
          {t('screenLoad.reload')}
        </button>
      </div>
    </main>
  );
}
