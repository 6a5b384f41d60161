import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@/config/constants';
import { changeLanguage } from '@/lib/i18n';

/**
 * ไทย | English. The choice is stored and sent as Accept-Language with every call.
 * Plain buttons (styled like a segmented control) so Login needs no Ant Design.
 */
export function LanguageSwitch({ size = 'middle' }: { size?: 'small' | 'middle' }) {
  const { t, i18n } = useTranslation('common');
  const current = i18n.language === 'en' ? 'en' : 'th';
  return (
    <div className={`lang-switch lang-switch-${size}`} role="group" aria-label={t('language')} data-testid="language-switch">
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          aria-pressed={current === lang}
          className={current === lang ? 'active' : undefined}
          onClick={() => void changeLanguage(lang)}
        >
          {t(`languages.${lang}`)}
        </button>
      ))}
    </div>
  );
}
