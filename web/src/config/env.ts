// The only reader of import.meta.env. Values are fixed at build time by Vite.
//
// VITE_API_BASE   where the API lives. '/api' (same origin) locally and in the cloud, where
//                 CloudFront routes /api/* to API Gateway; an absolute origin also works.
// VITE_ENV_MARKER the environment marker shown on Login and in the layout ('UAT'); set it
//                 to an empty string for production to hide the marker.
// VITE_APP_VERSION the version label, taken from web/package.json by vite.config.ts.
const raw = import.meta.env;

export const env = {
  apiBase: (raw.VITE_API_BASE ?? '/api').replace(/\/+$/, ''),
  envMarker: raw.VITE_ENV_MARKER ?? 'UAT',
  appVersion: raw.VITE_APP_VERSION ?? '1.1.0',
  isDev: raw.DEV === true,
} as const;
