import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/app/query-client';
import { createRouter } from '@/app/router';
import { refreshToken } from '@/features/auth/api/refresh-token';
import '@/lib/i18n';
import { startTokenRefresh } from '@/lib/token-refresh';
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
