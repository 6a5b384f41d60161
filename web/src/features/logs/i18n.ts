// The log texts are loaded with these screens, not with Login.
import { addBundle } from '@/lib/i18n';
import en from '@/locales/en/logs.json';
import th from '@/locales/th/logs.json';

export const NS = addBundle('logs', { th, en });
