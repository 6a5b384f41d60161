// The ordering texts are loaded with these screens, not with Login.
import { addBundle } from '@/lib/i18n';
import en from '@/locales/en/orders.json';
import th from '@/locales/th/orders.json';

export const ordersResources = { th, en } as const;
export const NS = addBundle('orders', ordersResources);
