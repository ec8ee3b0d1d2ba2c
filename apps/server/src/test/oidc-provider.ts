import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * Test-only: a real OpenID provider (oidc-provider) on a loopback port, with one static confidential
 * client and its development interactions (a login form that accepts any subject and a consent page),
 * which `SocialBrowser` fills in like a person would.
 */
export interface TestOpenIdProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds the client once the gateway's redirect URI is known (the provider answers only after). */
  configure(redirectUris: string[]): void;
  close(): Promise<void>;
}

export const TEST_OIDC_CLIENT = { clientId: 'banca-test', clientSecret: 'banca-test-secret-0123456789' };

/** Claims of every test subject: `sub` is the login typed into the form. */
export const testClaims = (sub: string) => ({
  sub,
  email: `${sub.replace(/[^a-z0-9]/gi, '.')}@example.test`,
  email_verified: true,
  name: 'Maria Silva',
});

export async function startTestOpenIdProvider(): Promise<TestOpenIdProvider> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = createServer((req, res) => {
    if (handler) handler(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  return {
    issuer,
    ...TEST_OIDC_CLIENT,
    configure(redirectUris) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: TEST_OIDC_CLIENT.clientId,
            client_secret: TEST_OIDC_CLIENT.clientSecret,
            redirect_uris: redirectUris,
            grant_types: ['authorization_code'],
            response_types: ['code'],
            token_endpoint_auth_method: 'client_secret_basic',
          },
        ],
        findAccount: (_ctx, id) => ({ accountId: id, claims: () => testClaims(id) }),
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        cookies: { keys: ['banca-test-cookie-key'] },
        pkce: { required: () => true },
        features: { devInteractions: { enabled: true } },
      });
      handler = provider.callback();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** A minimal browser for redirects: one cookie jar (browsers share cookies across ports of a host). */
export class SocialBrowser {
  readonly cookies = new Map<string, string>();

  private store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async get(url: string): Promise<Response> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    this.store(res);
    return res;
  }

  private async post(url: string, form: Record<string, string>): Promise<Response> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(form).toString(),
    });
    this.store(res);
    return res;
  }

  /**
   * Follows redirects from `startUrl` through the provider (logging in as `login` and granting
   * consent, or declining when `decline`) until the provider sends the browser back to a URL under
   * `stopAt`; returns that URL without requesting it.
   */
  async untilCallback(
    startUrl: string,
    stopAt: string,
    options: { login: string; decline?: boolean },
  ): Promise<string> {
    let url = startUrl;
    for (let hop = 0; hop < 20; hop++) {
      if (url.startsWith(stopAt)) return url;
      const interaction = /^(https?:\/\/[^/]+)\/interaction\/([^/?]+)$/.exec(url);
      let res: Response;
      if (interaction) {
        const page = await (await this.get(url)).text();
        const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1] ?? 'consent';
        if (options.decline) res = await this.get(`${url}/abort`);
        else if (prompt === 'login')
          res = await this.post(url, { prompt, login: options.login, password: 'x' });
        else res = await this.post(url, { prompt: 'consent' });
      } else {
        res = await this.get(url);
      }
      const location = res.headers.get('location');
      if (!location) throw new Error(`${url} answered ${res.status} without a redirect: ${await res.text()}`);
      url = new URL(location, url).href;
    }
    throw new Error('too many redirects');
  }
}
