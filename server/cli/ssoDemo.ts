// `npm run sso:demo`: a local OpenID Connect provider for trying single sign-on (README, "Single
// sign-on"). Any address typed on its login page is signed in as that e-mail, verified.
import { startDemoIdentityProvider } from './demoIdentityProvider';

const port = Number(process.env.SSO_DEMO_PORT ?? 4010);
const publicUrl = (process.env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const clientId = 'storeline-demo';
const clientSecret = 'storeline-demo-secret';

const demo = await startDemoIdentityProvider({
  port,
  clientId,
  clientSecret,
  redirectUris: [`${publicUrl}/api/sso/callback`],
});
console.log(`Demo identity provider at ${demo.issuer}
In Storeline, Settings → Single sign-on (as owner@acme.test):
  Issuer         ${demo.issuer}
  Client ID      ${clientId}
  Client secret  ${clientSecret}
  E-mail domains acme.test
Then sign out, type owner@acme.test on the sign-in page and choose Continue. On the provider's page
any password is accepted. Stop with Ctrl+C.`);
