// The survey texts are loaded with these screens (and the public page), not with Login.
import { addBundle } from '@/lib/i18n';
import en from '@/locales/en/surveys.json';
import th from '@/locales/th/surveys.json';

export const NS = addBundle('surveys', { th, en });
