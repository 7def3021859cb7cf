/**
 * What the team's owner pastes into the identity provider, all from PUBLIC_URL: the OIDC redirect
 * URI and the SAML ACS are the same for every team (the request in flight says whose it is); the SAML
 * entity id is the team's own and is also the address of its metadata.
 */
export function serviceProviderOf(publicUrl: string, teamId: string) {
  const base = publicUrl.replace(/\/$/, '');
  const metadata = `${base}/api/sso/saml/metadata/${teamId}`;
  return {
    oidcRedirectUri: `${base}/api/sso/oidc/callback`,
    samlAcsUrl: `${base}/api/sso/saml/acs`,
    samlEntityId: metadata,
    samlMetadataUrl: metadata,
  };
}
