import { Navigate, Outlet, createBrowserRouter, useLocation, type RouteObject } from 'react-router';
import { guardRedirect, type RefusedState } from '@/app/guard';
import { AUTH_ROUTES, PUBLIC_ROUTES, landingPath } from '@/app/routes';
import { RouteError } from '@/components/route-error';
import { lazyScreen } from '@/lib/lazy-screen';
import { useSession } from '@/lib/use-session';
import { ANY_ROLE } from '@/config/roles';

/**
 * Renders the child route only for a signed-in user whose current role is in `roles`; another
 * role goes to its first screen with the refused path in the history state (the layout says why).
 */
export function RequireRole({ roles }: { roles: readonly string[] }) {
  const session = useSession();
  const { pathname } = useLocation();
  const to = guardRedirect(session, roles);
  if (!to) return <Outlet />;
  const state: RefusedState | undefined = to === '/login' ? undefined : { refused: pathname };
  return <Navigate to={to} replace state={state} />;
}

/** /auth itself: the role's first screen. */
function Landing() {
  const session = useSession();
  return <Navigate to={landingPath(session.userInfo?.current?.roleCode ?? null)} replace />;
}

/** /resetPassword (legacy) → /reset-password, keeping the query. */
function LegacyResetPassword() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: '/reset-password', search, hash }} replace />;
}

export function buildRoutes(): RouteObject[] {
  const toLogin = <Navigate to="/login" replace />;
  return [
    {
      errorElement: <RouteError />,
      children: [
        { path: '/', element: toLogin },
        { path: '/resetPassword', element: <LegacyResetPassword /> },
        ...PUBLIC_ROUTES.filter((r) => r.ready && r.load && r.plain).map<RouteObject>((r) => ({
          path: r.path,
          lazy: lazyScreen(r.load!),
        })),
        {
          // Every other screen renders inside Ant Design's ConfigProvider and App.
          lazy: lazyScreen(() => import('@/app/antd-boundary')),
          children: [
            ...PUBLIC_ROUTES.filter((r) => r.ready && r.load && !r.plain).map<RouteObject>((r) => ({
              path: r.path,
              lazy: lazyScreen(r.load!),
            })),
            {
              path: '/auth',
              element: <RequireRole roles={ANY_ROLE} />,
              children: [
                {
                  lazy: lazyScreen(() => import('@/app/layout/app-layout')),
                  children: [
                    { index: true, element: <Landing /> },
                    ...AUTH_ROUTES.filter((r) => r.ready && r.load).map<RouteObject>((r) => ({
                      element: <RequireRole roles={r.roles} />,
                      children: [{ path: r.path, lazy: lazyScreen(r.load!) }],
                    })),
                  ],
                },
              ],
            },
          ],
        },
        { path: '*', element: toLogin },
      ],
    },
  ];
}

export function createRouter() {
  return createBrowserRouter(buildRoutes());
}
