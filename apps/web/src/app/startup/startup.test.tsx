import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { STARTUP_ELEMENT_ID } from '@banca/contract/routes';
import { StartupGate } from './StartupGate';
import { primeStartup, statusQuery, whitelabelQuery } from '@/features/system';
import { uiStore } from '@/state';

const envelope = (value: unknown) => ({ success: true, code: 'ok', message: '', value });
const whitelabel = { merchantCode: 'm', siteName: 'Banca Teste', currency: 'BRL', currencySymbol: 'R$' };
const cdn = { imgUrls: ['https://img.example'], startGameUrls: ['https://start.example'], analyticsId: null };

let status: unknown;
let statusFails = false;
/** The merchant's customer-service channels (GET /wps/system/customerService). */
let customerServices: unknown[] = [];
const LIVE_CHAT = { csType: 'LIVE_CHAT', label: 'Support', path: 'encrypted-path-key12345' };
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = String(input);
  const json = (body: unknown, code = 200) =>
    new Response(JSON.stringify(body), { status: code, headers: { 'Content-Type': 'application/json' } });
  if (url.startsWith('/wps/system/startup')) {
    if (statusFails) throw new TypeError('Failed to fetch');
    return json(envelope(startupValue()));
  }
  if (url.startsWith('/wps/system/whitelabel')) return json(envelope(whitelabel));
  if (url.startsWith('/wps/system/cdn')) return json(envelope(cdn));
  if (url.startsWith('/wps/system/customerService')) return json(envelope(customerServices));
  return json(envelope([]));
});
/** GET /wps/system/startup's value, and what the gateway inlines into index.html. */
const startupValue = () => ({ status, whitelabel, cdn, resources: [], customerServices });
const calledPaths = () => fetchMock.mock.calls.map(([url]) => String(url).replace(/\?.*/, ''));

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
/** As main.tsx starts the app: prime the start-up data (inlined, or its one call), then render. */
let callsAtFirstRender: string[] | undefined;
/** The app; notes which calls were made by the time it first rendered. */
function TheApp() {
  callsAtFirstRender ??= calledPaths();
  return <p>the app</p>;
}
const renderGate = (client = newClient()) => {
  primeStartup(client);
  return render(
    <QueryClientProvider client={client}>
      <StartupGate>
        <TheApp />
      </StartupGate>
    </QueryClientProvider>,
  );
};
/** index.html as the gateway serves it: the start-up data in a JSON element. */
const inlineStartup = (value: unknown) => {
  const element = document.createElement('script');
  element.id = STARTUP_ELEMENT_ID;
  element.type = 'application/json';
  element.textContent = JSON.stringify(value);
  document.head.append(element);
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  callsAtFirstRender = undefined;
  statusFails = false;
  customerServices = [LIVE_CHAT];
  sessionStorage.clear();
  uiStore.reset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById(STARTUP_ELEMENT_ID)?.remove();
});

describe('StartupGate', () => {
  it('renders the app on status 0 after one start-up call, then loads the other permissions', async () => {
    status = { systemStatus: 0, maintenance: null, location: { ip: '1.2.3.4', countryCode: 'BR' } };
    const client = newClient();
    renderGate(client);
    expect(await screen.findByText('the app')).toBeTruthy();
    // Nothing but the one start-up call before the app is on screen.
    expect(callsAtFirstRender).toEqual(['/wps/system/startup']);
    // What the first paint does not need comes after it.
    await waitFor(() =>
      expect(calledPaths().sort()).toEqual(
        [
          '/wps/system/startup',
          '/wps/system/setting/register',
          '/wps/system/domainRoute',
          '/wps/system/countries',
        ].sort(),
      ),
    );
    // The start-up answer's parts are where the app reads them: the query cache and the UI store.
    expect(client.getQueryData(statusQuery.queryKey)).toMatchObject({
      systemStatus: 0,
      location: { ip: '1.2.3.4' },
    });
    expect(uiStore.get()).toMatchObject({
      imgUrl: 'https://img.example',
      startGameUrl: 'https://start.example',
    });
    expect(client.getQueryData(whitelabelQuery.queryKey)?.siteName).toBe('Banca Teste');
  });

  it('with the start-up data inlined into index.html, renders the app at once with no call before it', () => {
    status = { systemStatus: 0, maintenance: null, location: { ip: '1.2.3.4', countryCode: 'BR' } };
    inlineStartup(startupValue());
    const client = newClient();
    renderGate(client);
    // Synchronously: the first render is already the app.
    expect(screen.getByText('the app')).toBeTruthy();
    expect(callsAtFirstRender).toEqual([]);
    expect(client.getQueryData(statusQuery.queryKey)).toMatchObject({ systemStatus: 0 });
    expect(uiStore.get()).toMatchObject({ imgUrl: 'https://img.example' });
    expect(client.getQueryData(whitelabelQuery.queryKey)?.siteName).toBe('Banca Teste');
  });

  it('with inlined maintenance status, shows the maintenance page without any start-up call', async () => {
    status = {
      systemStatus: 1,
      maintenance: { endTime: null },
      location: { ip: '1.2.3.4', countryCode: null },
    };
    inlineStartup(startupValue());
    renderGate();
    expect(
      await screen.findByRole('heading', { name: 'Sistema em manutenção' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByText('the app')).toBeNull();
    expect(calledPaths()).not.toContain('/wps/system/startup');
    expect(calledPaths()).not.toContain('/wps/system/status');
  }, 15_000);

  it('a broken inlined element is ignored: the app makes the start-up call instead', async () => {
    status = { systemStatus: 0, maintenance: null, location: { ip: '1.2.3.4', countryCode: 'BR' } };
    inlineStartup('not start-up data');
    renderGate();
    expect(await screen.findByText('the app')).toBeTruthy();
    expect(calledPaths()[0]).toBe('/wps/system/startup');
  });

  it('renders the maintenance page on status 1 with its end time', async () => {
    status = {
      systemStatus: 1,
      maintenance: { endTime: '2030-01-02T03:04:00.000Z' },
      location: { ip: '1.2.3.4', countryCode: null },
    };
    renderGate();
    expect(
      await screen.findByRole('heading', { name: 'Sistema em manutenção' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText('Horário de término')).toBeTruthy();
    expect(document.querySelector('time')?.getAttribute('datetime')).toBe('2030-01-02T03:04:00.000Z');
    expect(screen.getByRole('button', { name: 'Atendimento ao cliente' })).toBeTruthy();
    expect(screen.queryByText('the app')).toBeNull();
  }, 15_000);

  it('renders the region-blocked page on status 2 with the visitor IP', async () => {
    status = { systemStatus: 2, maintenance: null, location: { ip: '203.0.113.9', countryCode: 'XX' } };
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Acesso restrito' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('203.0.113.9')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Atendimento ao cliente' })).toBeTruthy();
  }, 15_000);

  it('shows no customer-service button when no channel is configured: never a window to nowhere', async () => {
    customerServices = [];
    status = { systemStatus: 2, maintenance: null, location: { ip: '203.0.113.9', countryCode: 'XX' } };
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Acesso restrito' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Atendimento ao cliente' })).toBeNull();
  }, 15_000);

  it("renders the support page (the app's /support route) even during maintenance", async () => {
    status = { systemStatus: 1, maintenance: null, location: { ip: '1.2.3.4', countryCode: null } };
    window.history.pushState({}, '', '/support');
    try {
      renderGate();
      expect(await screen.findByText('the app', {}, { timeout: 10_000 })).toBeTruthy();
      expect(screen.queryByRole('heading', { name: 'Sistema em manutenção' })).toBeNull();
    } finally {
      window.history.pushState({}, '', '/');
    }
  }, 15_000);

  it('shows the network page when the start-up call fails, and retries into the app', async () => {
    statusFails = true;
    status = { systemStatus: 0, maintenance: null, location: { ip: '1.2.3.4', countryCode: 'BR' } };
    renderGate();
    expect(
      await screen.findByRole('heading', { name: 'Conexão de rede anormal' }, { timeout: 10_000 }),
    ).toBeTruthy();
    statusFails = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('the app')).toBeTruthy();
  }, 15_000);
});
