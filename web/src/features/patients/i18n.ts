// The patient texts are loaded with these screens, not with Login.
import { addBundle } from '@/lib/i18n';
import en from '@/locales/en/patients.json';
import th from '@/locales/th/patients.json';

export const NS = addBundle('patients', { th, en });
