// The branch screen's texts are loaded with it, not with Login: the bundle is added to
// i18next when the screen's chunk loads.
import i18n from '@/lib/i18n';
import en from '@/locales/en/branches.json';
import th from '@/locales/th/branches.json';

export const NS = 'branches';
export const branchesResources = { th, en } as const;

if (!i18n.hasResourceBundle('th', NS)) {
  i18n.addResourceBundle('th', NS, th, true, true);
  i18n.addResourceBundle('en', NS, en, true, true);
}
