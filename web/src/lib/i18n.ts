// i18next: Thai by default, English as the fallback; one JSON file per area and language.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language } from '@/config/constants';
import { readLanguage, storeLanguage } from '@/lib/session';
import enAccount from '@/locales/en/account.json';
import enAuth from '@/locales/en/auth.json';
import enCommon from '@/locales/en/common.json';
import enErrors from '@/locales/en/errors.json';
import enLayout from '@/locales/en/layout.json';
import thAccount from '@/locales/th/account.json';
import thAuth from '@/locales/th/auth.json';
import thCommon from '@/locales/th/common.json';
import thErrors from '@/locales/th/errors.json';
import thLayout from '@/locales/th/layout.json';

export const resources = {
  th: { common: thCommon, auth: thAuth, errors: thErrors, layout: thLayout, account: thAccount },
  en: { common: enCommon, auth: enAuth, errors: enErrors, layout: enLayout, account: enAccount },
} as const;

export const NAMESPACES = Object.keys(resources.th) as (keyof typeof resources.th)[];

void i18n.use(initReactI18next).init({
  resources,
  lng: readLanguage(),
  fallbackLng: 'en',
  supportedLngs: ['th', 'en'],
  ns: NAMESPACES,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

document.documentElement.lang = i18n.language || DEFAULT_LANGUAGE;

/**
 * Adds the texts of a lazily loaded part (a screen's chunk, the shared components) to
 * i18next, once, when its module loads: Login does not carry them. Answers the namespace.
 */
export function addBundle<T extends object>(ns: string, bundle: { th: T; en: T }): string {
  for (const lang of ['th', 'en'] as const) {
    if (!i18n.hasResourceBundle(lang, ns)) i18n.addResourceBundle(lang, ns, bundle[lang], true, true);
  }
  return ns;
}

/** Switches the interface language and remembers it (sent as Accept-Language). */
export async function changeLanguage(lang: Language): Promise<void> {
  storeLanguage(lang);
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
}

export default i18n;
