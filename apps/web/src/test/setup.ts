import { afterEach, beforeEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import type { IBrowserSettings, IFetchInterceptor } from 'happy-dom';

/**
 * No web unit test may reach the network: a test that forgets to stub `fetch` would otherwise talk to
 * whatever listens on happy-dom's default origin (localhost:3000) and pass or fail with the machine.
 * Every unmocked request is refused with its URL and recorded; the test that made it then fails in
 * afterEach, even when the code under test swallowed the rejection (apiCall turns it into a
 * network_error the screen may simply show).
 */
const unmocked: string[] = [];

const refuse = (url: string): Error => {
  unmocked.push(url);
  return new Error(`Unmocked network request in a web unit test: ${url}. Stub fetch in the test.`);
};

const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

// A plain assignment, not vi.stubGlobal: a test's own vi.stubGlobal('fetch', ...) wins, and
// vi.unstubAllGlobals() in its afterEach restores this refusal rather than happy-dom's real fetch.
globalThis.fetch = (input: RequestInfo | URL) => Promise.reject(refuse(urlOf(input)));

// Requests happy-dom makes itself (XMLHttpRequest, stylesheets, scripts) go through its fetch
// interceptor, not through globalThis.fetch.
const interceptor: IFetchInterceptor = {
  beforeAsyncRequest: ({ request }) => Promise.reject(refuse(request.url)),
  beforeSyncRequest: ({ request }) => {
    throw refuse(request.url);
  },
};
(window as unknown as { happyDOM: { settings: IBrowserSettings } }).happyDOM.settings.fetch.interceptor =
  interceptor;

globalThis.WebSocket = class {
  constructor(url: string | URL) {
    throw refuse(String(url));
  }
} as unknown as typeof WebSocket;

/**
 * Waiting is bounded by the test's timeout (vite.config.ts), not by Testing Library's one second: on
 * a busy machine the first render of a lazily loaded route can take longer than that, and a
 * `findBy...` still resolves the moment the element appears.
 */
configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  unmocked.length = 0;
});

// Runs before the test file's own afterEach hooks (sequence.hooks 'list' in vite.config.ts): the
// components unmount while the test's fetch stub is still in place, so nothing left mounted can fire
// a request after the test and fail or pollute the next one.
afterEach(() => {
  cleanup();
  document.body.style.overflow = '';
  if (unmocked.length > 0) {
    const urls = [...new Set(unmocked)].join(', ');
    unmocked.length = 0;
    throw new Error(`This test made unmocked network requests: ${urls}`);
  }
});
