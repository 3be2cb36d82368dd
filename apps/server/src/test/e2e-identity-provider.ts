// The identity provider the browser tests sign in with: Bops is configured to use it as "Google"
// (GOOGLE_DISCOVERY_URL points here), so the browser runs the production Google sign-in path.
import { startLocalIdentityProvider } from './local-identity-provider.ts';

const port = Number(process.env.IDP_PORT ?? 8191);
const bops = process.env.BOPS_URL ?? 'http://localhost:8181';
const idp = await startLocalIdentityProvider({ port, redirectUris: [`${bops}/api/auth/callback/google`] });
process.stdout.write(`identity provider at ${idp.issuer}\n`);
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, () => void idp.close().then(() => process.exit(0)));
