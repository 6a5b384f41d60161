// The user-management texts are loaded with these screens, not with Login.
import { addBundle } from '@/lib/i18n';
import en from '@/locales/en/users.json';
import th from '@/locales/th/users.json';

export const NS = addBundle('users', { th, en });
