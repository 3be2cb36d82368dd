import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import Provider from 'oidc-provider';

export interface LocalIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The signing key, so a test can mint tokens the provider could have signed. */
  privateJwk: JWK;
  /**
   * Rewrites the claims of the next ID tokens the token endpoint issues, re-signed with the
   * provider's own key (a provider that signs wrong claims). Null restores honest tokens.
   */
  tamperIdTokens(change: ((claims: JWTPayload) => JWTPayload) | null): void;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider on loopback (oidc-provider with its development login pages),
 * standing in for Google in tests. Any login name signs in as `<name>@example.test`.
 */
export async function startLocalIdentityProvider(options: {
  redirectUris: string[];
  /** A fixed port (browser tests need to know it in advance); an ephemeral one otherwise. */
  port?: number;
}): Promise<LocalIdentityProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const privateJwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const clientId = 'bops-test';
  const clientSecret = 'bops-test-secret-0123456789';
  // Listen first on an ephemeral port, then build the provider with the issuer that port gives.
  const holder: { callback?: (req: IncomingMessage, res: ServerResponse) => void } = {};
  const server: Server = createServer((req, res) => {
    // Google answers prompt=select_account with its account chooser; oidc-provider has no such
    // prompt, so the stand-in shows its login page instead, which is the same interaction here.
    if (req.url?.startsWith('/auth?') && req.url.includes('prompt=select_account')) {
      req.url = req.url.replace('prompt=select_account', 'prompt=login');
    }
    if (tamper && req.method === 'POST' && req.url === '/token') rewriteIdToken(res, tamper);
    holder.callback?.(req, res);
  });
  let tamper: ((claims: JWTPayload) => JWTPayload) | null = null;
  const signingKey = await importJWK(privateJwk, 'RS256');
  const rewriteIdToken = (res: ServerResponse, change: (claims: JWTPayload) => JWTPayload) => {
    const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
    res.end = ((chunk?: unknown) => {
      void (async () => {
        const body = JSON.parse(String(chunk)) as { id_token?: string };
        if (body.id_token) {
          const claims = change(decodeJwt(body.id_token));
          body.id_token = await new SignJWT(claims)
            .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
            .sign(signingKey);
        }
        const text = JSON.stringify(body);
        res.setHeader('content-length', Buffer.byteLength(text));
        end(text);
      })();
      return res;
    }) as typeof res.end;
  };
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [privateJwk] },
    async findAccount(_ctx: unknown, id: string) {
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: `${id}@example.test`,
            email_verified: true,
            name: id.charAt(0).toUpperCase() + id.slice(1),
          };
        },
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['bops-test-cookie-key'] },
    pkce: { required: () => true },
  } as ConstructorParameters<typeof Provider>[1]);
  holder.callback = provider.callback();
  return {
    issuer,
    clientId,
    clientSecret,
    privateJwk,
    tamperIdTokens(change) {
      tamper = change;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
