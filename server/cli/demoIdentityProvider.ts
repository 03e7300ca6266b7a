// An OpenID Connect identity provider for trying single sign-on on a laptop and for the tests:
// oidc-provider with its own (development) login pages, where any login is accepted as the person's
// e-mail address. Never for production — it signs in whoever types an address.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

export interface DemoIdentityProviderOptions {
  /** Port on 127.0.0.1; 0 picks a free one. */
  port: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** Claims for a login (the typed e-mail); by default the address, verified, and its local part as the name. */
  claimsFor?: (login: string) => { email: string; email_verified: boolean; name?: string };
}

export interface DemoIdentityProvider {
  issuer: string;
  provider: Provider;
  close(): Promise<void>;
}

function defaultClaims(login: string) {
  return { email: login, email_verified: true, name: login.split('@')[0] ?? login };
}

export async function startDemoIdentityProvider(
  options: DemoIdentityProviderOptions,
): Promise<DemoIdentityProvider> {
  const claimsFor = options.claimsFor ?? defaultClaims;
  // The issuer names the port, so the listener opens first and the provider answers it afterwards.
  let provider: Provider | undefined;
  const { createServer } = await import('node:http');
  const server: Server = createServer((req, res) => {
    if (provider) provider.callback()(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The ID token carries the e-mail, as Entra ID, Okta and Google put it there for `email`.
    conformIdTokenClaims: false,
    findAccount: (_ctx: KoaContextWithOIDC, sub: string) => ({
      accountId: sub,
      claims: () => ({ sub, ...claimsFor(sub) }),
    }),
    // First-party demo: the scopes asked for are granted without a consent page.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const accountId = ctx.oidc.session?.accountId;
      const client = ctx.oidc.client;
      if (!accountId || !client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId: client.clientId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['storeline-demo-identity-provider'] },
  };
  provider = new Provider(issuer, configuration);
  return {
    issuer,
    provider,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
