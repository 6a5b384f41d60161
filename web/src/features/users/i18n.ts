// The user-management texts are loaded with these screens, not with Login: the bundle is
// added to i18next when the first user screen's chunk loads.
import i18n from '@/lib/i18n';
import en from '@/locales/en/users.json';
import th from '@/locales/th/users.json';

export const NS = 'users';
export const usersResources = { th, en } as const;

if (!i18n.hasResourceBundle('th', NS)) {
  i18n.addResourceBundle('th', NS, th, true, true);
  i18n.addResourceBundle('en', NS, en, true, true);
}
