// The menus texts are loaded with these screens, not with Login.
import { addBundle } from '@/lib/i18n';
import en from '@/locales/en/menus.json';
import th from '@/locales/th/menus.json';

export const menusResources = { th, en } as const;
export const NS = addBundle('menus', menusResources);
