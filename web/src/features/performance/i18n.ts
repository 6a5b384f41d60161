// The work performance texts are loaded with this screen, not with Login.
import { addBundle } from '@/lib/i18n';
import en from '@/locales/en/performance.json';
import th from '@/locales/th/performance.json';

export const NS = addBundle('performance', { th, en });
