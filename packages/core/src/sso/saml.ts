import { type CacheProvider, SAML, type SamlConfig, ValidateInResponseTo } from '@node-saml/node-saml';
import type { ServiceContext } from '../context.ts';
import { MINUTE_MS } from '../support/clock.ts';
import { DomainError } from '../support/errors.ts';
import { type SamlSettings, type SsoConnectionRow, serviceProvider } from './connections.ts';
import { messageOf } from './oidc.ts';

/** Clocks of the IdP and of this service may differ by this much (NotBefore, NotOnOrAfter). */
export const SAML_CLOCK_SKEW_MS = 2 * MINUTE_MS;

/**
 * One request id, the one this sign-in's AuthnRequest carried (the answer's InResponseTo must name it). The
 * flow row is the store across hosts; this object only hands node-saml that one id, or records a new one.
 */
class OneRequest implements CacheProvider {
  constructor(public id: string | null = null) {}
  async saveAsync(key: string, value: string) {
    this.id = key;
    return { value, createdAt: Date.now() };
  }
  /** node-saml reads the value as the request's time; the flow row's expiry already bounds its age. */
  async getAsync(key: string) {
    return key === this.id ? new Date().toISOString() : null;
  }
  async removeAsync(key: string | null) {
    return key;
  }
}

function samlFor(ctx: ServiceContext, row: SsoConnectionRow, requests: OneRequest): SAML {
  const settings = row.settings as SamlSettings;
  const sp = serviceProvider(ctx, row.accountId);
  const config: SamlConfig = {
    entryPoint: settings.ssoUrl,
    issuer: sp.samlEntityId,
    callbackUrl: sp.samlAcsUrl,
    audience: sp.samlEntityId,
    idpCert: settings.certificate,
    idpIssuer: settings.entityId,
    // Every assertion must carry its own valid signature, whether or not the response is signed too.
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    cacheProvider: requests,
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    disableRequestedAuthnContext: true,
  };
  return new SAML(config);
}

/** The IdP's sign-in URL (HTTP-Redirect binding) and the id of the AuthnRequest it carries. */
export async function samlAuthorizationUrl(
  ctx: ServiceContext,
  row: SsoConnectionRow,
  relayState: string,
): Promise<{ url: string; requestId: string }> {
  const requests = new OneRequest();
  const url = await samlFor(ctx, row, requests).getAuthorizeUrlAsync(relayState, undefined, {});
  if (!requests.id) throw new Error('node-saml made no request id');
  return { url, requestId: requests.id };
}

/** The service provider's metadata document (entity id, ACS with HTTP-POST, signed assertions wanted). */
export function samlMetadata(ctx: ServiceContext, row: SsoConnectionRow): string {
  return samlFor(ctx, row, new OneRequest()).generateServiceProviderMetadata(null, null);
}

const failed = (reason: string) => new DomainError('sso_failed', `the SAML response was refused: ${reason}`);

type XmlNode = { $?: Record<string, string> } & Record<string, unknown>;
const first = (node: unknown, name: string): XmlNode | undefined =>
  ((node as Record<string, XmlNode[] | undefined> | undefined)?.[name] ?? [])[0];

/**
 * Checks the IdP's answer with node-saml (the assertion's XML signature by the configured certificate, the
 * issuer, InResponseTo = the request this browser started, audience = our entity id, NotBefore/NotOnOrAfter
 * with a small skew), then ourselves: the Response's Destination and the subject confirmation's Recipient are
 * our ACS URL. Returns the address, the assertion id and when the assertion stops being valid.
 */
export async function samlIdentity(
  ctx: ServiceContext,
  row: SsoConnectionRow,
  requestId: string,
  samlResponse: string,
): Promise<{ email: string; name: string | null; assertionId: string; notOnOrAfter: number }> {
  const acs = serviceProvider(ctx, row.accountId).samlAcsUrl;
  let profile: Awaited<ReturnType<SAML['validatePostResponseAsync']>>['profile'];
  try {
    ({ profile } = await samlFor(ctx, row, new OneRequest(requestId)).validatePostResponseAsync({
      SAMLResponse: samlResponse,
    }));
  } catch (err) {
    throw failed(messageOf(err));
  }
  if (!profile) throw failed('it is a logout, not a sign-in');
  const responseXml = profile.getSamlResponseXml?.() ?? '';
  // The Response element's own attribute (outside the signed assertion, which the Recipient check covers).
  const rootTag = /<(?:[\w.-]+:)?Response\b[^>]*>/.exec(responseXml)?.[0] ?? '';
  const destination = /\sDestination\s*=\s*(?:"([^"]*)"|'([^']*)')/
    .exec(rootTag)
    ?.slice(1)
    .find((v) => v !== undefined);
  if (destination && destination !== acs) throw failed(`its Destination is ${destination}, not ${acs}`);
  const assertion = (profile.getAssertion?.() as { Assertion?: XmlNode } | undefined)?.Assertion;
  const confirmation = first(
    first(first(assertion, 'Subject'), 'SubjectConfirmation'),
    'SubjectConfirmationData',
  );
  const recipient = confirmation?.$?.Recipient;
  if (recipient !== acs) throw failed(`its Recipient is ${recipient ?? 'missing'}, not ${acs}`);
  const assertionId = assertion?.$?.ID;
  if (!assertionId) throw failed('the assertion has no ID');
  const ends = [first(assertion, 'Conditions')?.$?.NotOnOrAfter, confirmation?.$?.NotOnOrAfter]
    .filter((v): v is string => typeof v === 'string')
    .map((v) => Date.parse(v))
    .filter((t) => Number.isFinite(t));
  if (ends.length === 0) throw failed('the assertion has no NotOnOrAfter');
  const email = [profile.email, profile.nameID].find((v) => typeof v === 'string' && v.includes('@'));
  if (typeof email !== 'string') throw failed('it names no email address (NameID or an email attribute)');
  const name = typeof profile.displayName === 'string' ? profile.displayName : null;
  return { email, name, assertionId, notOnOrAfter: Math.min(...ends) + SAML_CLOCK_SKEW_MS };
}
