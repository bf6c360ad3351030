// A real OpenID provider on loopback for the social sign-in journey
// (oauth2-mock-server): it approves every authorization at once and signs in
// one fixed, verified person, so the journey exercises our whole flow (PKCE,
// state, id_token checked against its keys, the popup) without the internet.
import { OAuth2Server } from 'oauth2-mock-server';
import { oauthIssuer, oauthProviderPort, socialPerson } from './server-config';

const provider = new OAuth2Server();
await provider.issuer.keys.generate('RS256');
provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
  Object.assign(token.payload, socialPerson);
});
provider.service.on('beforeUserinfo', (userinfo: { body: Record<string, unknown> }) => {
  Object.assign(userinfo.body, socialPerson);
});
await provider.start(oauthProviderPort, '127.0.0.1');
// It would name itself http://localhost:port; the tokens must carry the issuer our server is configured with.
provider.issuer.url = oauthIssuer;
console.info(`OpenID provider for the e2e journeys at ${provider.issuer.url ?? ''}`);
