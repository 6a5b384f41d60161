import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { canOpen, guardRedirect, refusedPath } from '@/app/guard';
import { createQueryClient } from '@/app/query-client';
import { RequireRole, buildRoutes } from '@/app/router';
import { AUTH_ROUTES, landingPath } from '@/app/routes';
import { session, storeSession, user } from '@/testing/fixtures';

describe('route guard', () => {
  it('lets a signed-in user whose current role is listed open the route', () => {
    expect(canOpen(session(), ['BCT', 'BOD'])).toBe(true);
    expect(guardRedirect(session(), ['BCT'])).toBeNull();
  });

  it('sends a signed-in user whose current role is not listed to that role\'s first screen (issue 19 item 10)', () => {
    expect(guardRedirect(session(), ['SAM'])).toBe(landingPath('BCT'));
    expect(guardRedirect(session(), ['SAM'])).not.toBe('/login');
  });

  it('sends a user without a stored token to Login, whatever userInfo says', () => {
    expect(guardRedirect(session({ token: null }), ['BCT'])).toBe('/login');
  });

  it('sends a user who has not chosen a pair yet to Login', () => {
    expect(guardRedirect(session({ userInfo: user({ current: null }) }), ['BCT'])).toBe('/login');
  });

  it('sends a user without userInfo to Login', () => {
    expect(guardRedirect(session({ userInfo: null }), ['BCT'])).toBe('/login');
  });
});

function Landed() {
  return <p>first screen, refused: {refusedPath(useLocation().state)}</p>;
}

function renderGuarded(roles: string[], at = '/guarded') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <p>login screen</p> },
      { path: landingPath('BCT'), element: <Landed /> },
      { element: <RequireRole roles={roles} />, children: [{ path: '/guarded', element: <p>guarded screen</p> }] },
    ],
    { initialEntries: [at] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('RequireRole', () => {
  it('renders the screen for an allowed role', () => {
    storeSession(session());
    renderGuarded(['BCT']);
    expect(screen.getByText('guarded screen')).toBeTruthy();
  });

  it('sends a Controller away from a Super Admin screen to their first screen, naming the refused path', () => {
    storeSession(session());
    const router = renderGuarded(['SAM']);
    expect(screen.getByText('first screen, refused: /guarded')).toBeTruthy();
    expect(router.state.location.pathname).toBe(landingPath('BCT'));
  });

  it('sends a user who has not chosen a pair to Login, with no refusal', () => {
    storeSession(session({ userInfo: user({ current: null }) }));
    const router = renderGuarded(['SAM']);
    expect(screen.getByText('login screen')).toBeTruthy();
    expect(router.state.location.state).toBeNull();
  });

  it('redirects when nothing is stored', () => {
    const router = renderGuarded(['BCT']);
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('router', () => {
  const paths = (routes: ReturnType<typeof buildRoutes>): string[] =>
    routes.flatMap((r) => [...(r.path ? [r.path] : []), ...paths((r.children ?? []) as ReturnType<typeof buildRoutes>)]);

  it('registers only the screens that are built; the others fall to Login', () => {
    const registered = paths(buildRoutes());
    expect(registered).toEqual(expect.arrayContaining(['/', '/login', '/select-role', '/inactive-account', '/resetPassword', '/auth', 'account', '*']));
    expect(registered).toEqual(expect.arrayContaining(['users', 'user-permission-branch']));
    expect(registered).toEqual(expect.arrayContaining(['patient', 'report/patient']));
    // every screen still `ready: false` (orders, serve… until their issues land) is left out
    for (const r of AUTH_ROUTES.filter((x) => !x.ready)) expect(registered).not.toContain(r.path);
    expect(registered).toEqual(expect.arrayContaining(['/register', '/redirect', '/forgot-password', '/reset-password', 'account/password']));
  });

  it('sends an unknown path and / to Login', async () => {
    const unbuilt = AUTH_ROUTES.filter((r) => !r.ready).map((r) => `/auth/${r.path}`);
    for (const at of ['/', '/no-such-page', ...unbuilt.slice(0, 1)]) {
      const router = createMemoryRouter(buildRoutes(), { initialEntries: [at] });
      // Login renders once the redirect lands: it needs the app's query client, as in the app
      const { unmount } = render(
        <QueryClientProvider client={createQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      );
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      unmount();
    }
  });

  it('redirects the legacy /resetPassword to /reset-password keeping the query', async () => {
    const routes = buildRoutes();
    // Add the target so the redirect can be observed before /reset-password exists.
    routes[0].children!.unshift({ path: '/reset-password', element: <p>reset</p> });
    const router = createMemoryRouter(routes, { initialEntries: ['/resetPassword?token=abc&email=a%40b.c'] });
    render(<RouterProvider router={router} />);
    await screen.findByText('reset');
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(router.state.location.search).toBe('?token=abc&email=a%40b.c');
  });
});
