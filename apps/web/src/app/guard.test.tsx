import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { isValidElement } from 'react';
import { MemoryRouter, useLocation, type RouteObject } from 'react-router';
import { modalStore } from '@/state';
import { until } from '@/test/until';
import { paths, safeAppPath } from '@/config/paths';
import { RequireSession } from './guard';
import { RouteTable } from './route-handles';
import { routes } from './router';

const probe = (path: string, text: string, redirectTo?: string): RouteObject => ({
  path,
  element: redirectTo ? (
    <RequireSession to={redirectTo}>
      <p>{text}</p>
    </RequireSession>
  ) : (
    <p>{text}</p>
  ),
});

/** The current location, where a test can read it. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return (
    <>
      <output data-testid="location">{pathname}</output>
      <output data-testid="search">{search}</output>
    </>
  );
}
const at = {
  get pathname() {
    return screen.getByTestId('location').textContent;
  },
  get search() {
    return screen.getByTestId('search').textContent;
  },
};

const renderAt = (path: string, table: RouteObject[]) => {
  render(
    <MemoryRouter initialEntries={[path]}>
      <LocationProbe />
      <RouteTable routes={table} />
    </MemoryRouter>,
  );
  return at;
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    async () =>
      new Response(JSON.stringify({ success: false, code: 'not_found', message: 'x', value: null }), {
        status: 404,
      }),
  );
  sessionStorage.clear();
  modalStore.reset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('navigation guard', () => {
  const table = [
    probe('/login', 'login page'),
    probe('/agent', 'agent landing'),
    probe('/member', 'member centre', paths.login),
    probe('/agentHome', 'agent centre', paths.agent),
  ];

  it('sends a login-required route without a token to /login', async () => {
    const router = renderAt('/member', table);
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.pathname).toBe('/login');
  });

  it('keeps the page asked for in /login?next=, for after the login (issue 25 item 11)', async () => {
    const router = renderAt('/member?page=personalHistoryCopy', table);
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.pathname).toBe('/login');
    expect(new URLSearchParams(router.search ?? '').get('next')).toBe('/member?page=personalHistoryCopy');
  });

  it('goes on only to same-origin app paths after login (no open redirect)', () => {
    const origin = 'https://banca.example';
    expect(safeAppPath('/member?page=personalHistoryCopy', origin)).toBe('/member?page=personalHistoryCopy');
    expect(safeAppPath('/member/betting-record#top', origin)).toBe('/member/betting-record#top');
    for (const bad of [
      null,
      '',
      'member',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/\tevil',
      'javascript:alert(1)',
      '/login?next=/member',
      '/register',
    ]) {
      expect(safeAppPath(bad, origin), String(bad)).toBeNull();
    }
  });

  it('lets the route through with a session token', async () => {
    sessionStorage.setItem('token', 'abc');
    const router = renderAt('/member', table);
    expect(await screen.findByText('member centre')).toBeTruthy();
    expect(router.pathname).toBe('/member');
  });

  it('sends the agent centre without a token to the agent landing', async () => {
    const router = renderAt('/agentHome', table);
    expect(await screen.findByText('agent landing')).toBeTruthy();
    expect(router.pathname).toBe('/agent');
  });

  it('guards every login-required route of the app and leaves public ones open', () => {
    const guarded: string[] = [];
    const open: string[] = [];
    const walk = (list: RouteObject[]) =>
      list.forEach((route) => {
        const isGuarded = isValidElement(route.element) && route.element.type === RequireSession;
        if (route.path) (isGuarded ? guarded : open).push(route.path);
        if (route.children) walk(route.children);
      });
    walk(routes);
    expect(guarded.sort()).toEqual(
      ['/agentHome', '/favorite', '/lottery', '/member', '/recent', '/seaLottery', '/vnLottery'].sort(),
    );
    expect(open).toEqual(
      expect.arrayContaining([
        '/',
        '/index',
        '/index.html',
        '/home',
        '/login',
        '/register',
        '/help',
        '/seamless',
        '/lottert',
        '/vnlottery',
        '/sealottery',
        '/rng',
        '/promotions',
        '/pointMall',
        '/agent',
        '*',
      ]),
    );
  });

  it('/member without a token lands on /login with the login popup open', async () => {
    const router = at;
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/member']}>
          <LocationProbe />
          <RouteTable routes={routes} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findAllByRole('button', { name: 'Entrar' });
    // The header's button renders before the lazily loaded /login route opens the popup: wait for
    // the popup's state itself, then for its dialog on the screen.
    await until(modalStore, (state) => state.stack.length > 0);
    expect(router.pathname).toBe('/login');
    expect(modalStore.get().stack.map((m) => m.kind)).toEqual(['login']);
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});
