import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EnvMarker, VersionLabel } from '@/components/app-badges';
import { LanguageSwitch } from '@/components/language-switch';

/** The frame of the public screens: brand, language switch, version label and env marker. */
export function PublicShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <main className="public-page">
      <div className="public-top">
        <LanguageSwitch />
      </div>
      <div className="public-brand">
        <div className="public-brand-logo" aria-hidden>
          ส
        </div>
        <div>
          <h1>{t('appName')}</h1>
          <p>{t('appSubtitle')}</p>
        </div>
      </div>
      {children}
      <div className="public-foot">
        <VersionLabel />
        <EnvMarker />
      </div>
    </main>
  );
}
