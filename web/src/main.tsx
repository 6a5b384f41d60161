import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/app/query-client';
import { createRouter } from '@/app/router';
import { refreshToken } from '@/features/auth/api/refresh-token';
import '@/lib/i18n';
import { startTokenRefresh } from '@/lib/token-refresh';
// One Thai web font shipped with the app (issue 18 §9): self-hosted woff2 (CSP font-src 'self'),
// fetched only for the characters a page shows (unicode-range: Thai, Latin).
import '@fontsource-variable/noto-sans-thai';
import '@/styles.css';

startTokenRefresh({ refresh: refreshToken });

const queryClient = createQueryClient();
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider client={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
