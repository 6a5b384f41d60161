// The serve texts are loaded with these screens, not with Login.
import { addBundle } from '@/lib/i18n';
import en from '@/locales/en/serve.json';
import th from '@/locales/th/serve.json';

export const NS = addBundle('serve', { th, en });
