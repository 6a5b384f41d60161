// The master-data texts are loaded with these screens, not with Login: the bundle is added
// to i18next when the first master-data screen's chunk loads.
import i18n from '@/lib/i18n';
import en from '@/locales/en/master-data.json';
import th from '@/locales/th/master-data.json';

export const NS = 'master-data';
export const masterDataResources = { th, en } as const;

if (!i18n.hasResourceBundle('th', NS)) {
  i18n.addResourceBundle('th', NS, th, true, true);
  i18n.addResourceBundle('en', NS, en, true, true);
}
