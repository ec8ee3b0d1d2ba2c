import * as client from 'openid-client';
import type { SocialProvider } from '@banca/contract';
import type { OidcProviderConfig } from '../config.ts';

/** How each provider takes the client secret at its token endpoint. */
const CLIENT_AUTH: Record<SocialProvider, (secret: string) => client.ClientAuth> = {
  google: client.ClientSecretBasic,
  // Facebook's token endpoint reads client_id / client_secret from the request parameters.
  facebook: client.ClientSecretPost,
};

/** Seconds before discovery or a token exchange gives up, so a slow provider cannot hold a request. */
const PROVIDER_TIMEOUT_S = 10;

/** The OpenID client configuration of each configured provider, discovered on first use. */
export interface OidcClients {
  /** Throws when the provider is not configured or its discovery document cannot be fetched. */
  get(provider: SocialProvider): Promise<client.Configuration>;
  configured(provider: SocialProvider): boolean;
}

export function createOidcClients(configs: Partial<Record<SocialProvider, OidcProviderConfig>>): OidcClients {
  const cache = new Map<SocialProvider, Promise<client.Configuration>>();
  const discover = async (provider: SocialProvider, c: OidcProviderConfig) => {
    const issuer = new URL(c.issuer);
    // loadConfig allows http only for loopback issuers (a local provider in development and tests).
    const insecure = issuer.protocol === 'http:';
    return client.discovery(issuer, c.clientId, c.clientSecret, CLIENT_AUTH[provider](c.clientSecret), {
      timeout: PROVIDER_TIMEOUT_S,
      ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
    });
  };
  return {
    configured: (provider) => configs[provider] !== undefined,
    get(provider) {
      const c = configs[provider];
      if (!c) return Promise.reject(new Error(`${provider} sign-in is not configured`));
      let pending = cache.get(provider);
      if (!pending) {
        pending = discover(provider, c);
        cache.set(provider, pending);
        // A failed discovery is retried on the next sign-in, not remembered.
        pending.catch(() => {
          if (cache.get(provider) === pending) cache.delete(provider);
        });
      }
      return pending;
    },
  };
}
