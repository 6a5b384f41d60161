// The nutrition screen's texts are loaded with it, not with Login.
import { addBundle } from '@/lib/i18n';
import en from '@/locales/en/nutrition.json';
import th from '@/locales/th/nutrition.json';

export const nutritionResources = { th, en } as const;
export const NS = addBundle('nutrition', nutritionResources);
