// The master-data texts are loaded with these screens, not with Login.
import { addBundle } from '@/lib/i18n';
import en from '@/locales/en/master-data.json';
import th from '@/locales/th/master-data.json';

export const masterDataResources = { th, en } as const;
export const NS = addBundle('master-data', masterDataResources);
