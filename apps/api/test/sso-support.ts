import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { freePort, tempDir } from '@countersign/test-support';
import dns2 from 'dns2';
import Provider from 'oidc-provider';

// Real identity providers for the single sign-on tests, on loopback: panva's oidc-provider (discovery, PKCE,
// signed ID tokens, its development login and consent pages) and a SAML IdP made with samlify (signed
// assertions with a key and certificate made by openssl), plus a DNS server (dns2) for the TXT records that
// verify a domain.

/**
 * The part of samlify used here. Loaded untyped: its declarations import @xmldom/xmldom's, which pull the DOM
 * library into the whole workspace's type check.
 */
interface Samlify {
  IdentityProvider(settings: Record<string, unknown>): {
    createLoginResponse(
      sp: unknown,
      requestInfo: unknown,
      binding: 'post',
      user: { email: string },
      replace: (template: string) => { id: string; context: string },
    ): Promise<{ context: string }>;
  };
  ServiceProvider(settings: Record<string, unknown>): unknown;
  SamlLib: { replaceTagsByValue(template: string, values: Record<string, string>): string };
}
const samlify = createRequire(import.meta.url)('samlify') as Samlify;
const BINDING = {
  redirect: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect',
  post: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST',
};

const listen = async (server: Server, port: number) => {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
};
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

export interface OidcIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** How many times its discovery document was read. */
  discoveries(): number;
  close(): Promise<void>;
}

/**
 * oidc-provider at `http://localhost:<port>` (the app is opened at PUBLIC_URL, localhost too) with one
 * confidential client. Its development login page takes any login and password: the login is the email it
 * then vouches for (`email_verified: true`).
 */
export async function startOidcIdp(redirectUri: string): Promise<OidcIdp> {
  const port = await freePort();
  const issuer = `http://localhost:${port}`;
  const clientId = 'countersign-test';
  const clientSecret = 'a-client-secret-of-the-test-idp-1234567890';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({ sub: id, email: id, email_verified: true, name: `Person ${id.split('@')[0]}` }),
    }),
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['oidc-provider test cookie key 0123456789'] },
  });
  let discoveries = 0;
  const callback = provider.callback();
  const server = createServer((req, res) => {
    if (req.url === '/.well-known/openid-configuration') discoveries++;
    return callback(req, res);
  });
  await listen(server, port);
  return { issuer, clientId, clientSecret, discoveries: () => discoveries, close: () => close(server) };
}

/** A self-signed RSA key and certificate (PEM) made by openssl. */
export function keyAndCertificate(name: string): { key: string; certificate: string } {
  const dir = tempDir('countersign-saml-');
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-sha256',
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(key, 'utf8'), certificate: readFileSync(cert, 'utf8') };
}

/** What a test may change in an answer: everything the checks look at. */
export interface SamlAnswer {
  email: string;
  inResponseTo: string;
  audience?: string;
  recipient?: string;
  destination?: string;
  notBefore?: Date;
  notOnOrAfter?: Date;
  /** Sign the assertion (default) or only the response around it. */
  signAssertion?: boolean;
  /** Another IdP's key signs (the certificate configured does not match). */
  otherKey?: boolean;
}

export interface SamlIdp {
  entityId: string;
  ssoUrl: string;
  certificate: string;
  /** The base64 SAMLResponse the IdP posts for `answer`. */
  respond(answer: SamlAnswer): Promise<string>;
  /** Who the IdP signs in when the browser comes (its login page, in short). */
  signInAs(email: string): void;
  close(): Promise<void>;
}

/** The ID and the ACS URL of a SAMLRequest sent by HTTP-Redirect (deflated, base64). */
export function readAuthnRequest(samlRequest: string): { id: string; acs: string; issuer: string } {
  const xml = inflateRawSync(Buffer.from(samlRequest, 'base64')).toString('utf8');
  const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(xml)?.[1] ?? '';
  return {
    id: attr('ID'),
    acs: attr('AssertionConsumerServiceURL'),
    issuer: /<(?:saml2?:)?Issuer[^>]*>([^<]*)</.exec(xml)?.[1] ?? '',
  };
}

/**
 * A SAML IdP built with samlify: `respond` makes a response the way the IdP would, signed with its key; the
 * HTTP server at `ssoUrl` (localhost, as the app) answers an AuthnRequest with the auto-posting form an IdP
 * returns after its login.
 */
export async function startSamlIdp(spEntityId: string, acsUrl: string): Promise<SamlIdp> {
  const port = await freePort();
  const entityId = `http://localhost:${port}/idp`;
  const ssoUrl = `http://localhost:${port}/sso`;
  const own = keyAndCertificate('Test SAML IdP');
  const other = keyAndCertificate('Another IdP');
  const idpOf = (keys: { key: string; certificate: string }) =>
    samlify.IdentityProvider({
      entityID: entityId,
      privateKey: keys.key,
      signingCert: keys.certificate,
      nameIDFormat: ['urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'],
      singleSignOnService: [{ Binding: BINDING.redirect, Location: ssoUrl }],
    });
  const spOf = (audience: string, recipient: string, signAssertion: boolean) =>
    samlify.ServiceProvider({
      entityID: audience,
      wantAssertionsSigned: signAssertion,
      assertionConsumerService: [{ Binding: BINDING.post, Location: recipient }],
    });
  const respond = async (answer: SamlAnswer): Promise<string> => {
    const now = new Date();
    const notBefore = answer.notBefore ?? new Date(now.getTime() - 1000);
    const notOnOrAfter = answer.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000);
    const audience = answer.audience ?? spEntityId;
    const recipient = answer.recipient ?? acsUrl;
    const idp = idpOf(answer.otherKey ? other : own);
    const sp = spOf(audience, recipient, answer.signAssertion ?? true);
    const { context } = await idp.createLoginResponse(
      sp,
      { extract: { request: { id: answer.inResponseTo } } },
      'post',
      { email: answer.email },
      (template: string) => {
        const id = `_${crypto.randomUUID()}`;
        const values: Record<string, string> = {
          ID: id,
          AssertionID: `_${crypto.randomUUID()}`,
          Destination: answer.destination ?? acsUrl,
          Audience: audience,
          EntityID: audience,
          SubjectRecipient: recipient,
          Issuer: entityId,
          IssueInstant: now.toISOString(),
          AssertionConsumerServiceURL: recipient,
          StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
          ConditionsNotBefore: notBefore.toISOString(),
          ConditionsNotOnOrAfter: notOnOrAfter.toISOString(),
          SubjectConfirmationDataNotOnOrAfter: notOnOrAfter.toISOString(),
          NameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
          NameID: answer.email,
          InResponseTo: answer.inResponseTo,
          AuthnStatement: '',
          AttributeStatement: '',
        };
        return { id, context: samlify.SamlLib.replaceTagsByValue(template, values) };
      },
    );
    return context;
  };
  let user = '';
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', ssoUrl);
    const samlRequest = url.searchParams.get('SAMLRequest');
    if (url.pathname !== '/sso' || !samlRequest) {
      res.writeHead(404).end();
      return;
    }
    const request = readAuthnRequest(samlRequest);
    void respond({ email: user, inResponseTo: request.id }).then((response) => {
      const field = (name: string, value: string) =>
        `<input type="hidden" name="${name}" value="${value.replace(/"/g, '&quot;')}">`;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><title>Test IdP</title><body>` +
          `<form method="post" action="${request.acs}">` +
          field('SAMLResponse', response) +
          field('RelayState', url.searchParams.get('RelayState') ?? '') +
          `<button type="submit">Continue to Countersign</button></form></body></html>`,
      );
    });
  });
  await listen(server, port);
  return {
    entityId,
    ssoUrl,
    certificate: own.certificate,
    respond,
    signInAs: (email) => {
      user = email;
    },
    close: () => close(server),
  };
}

export interface TestDns {
  /** `127.0.0.1:<port>`, for SSO_DNS_SERVERS. */
  server: string;
  setTxt(domain: string, values: string[]): void;
  close(): Promise<void>;
}

/** A DNS server (dns2, UDP on loopback) answering TXT questions from a table the test fills. */
export async function startTestDns(): Promise<TestDns> {
  const records = new Map<string, string[]>();
  const port = await freePort();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = dns2.Packet.createResponseFromRequest(request);
      for (const question of request.questions) {
        for (const value of records.get(question.name.toLowerCase()) ?? []) {
          response.answers.push({
            name: question.name,
            type: dns2.Packet.TYPE.TXT,
            class: dns2.Packet.CLASS.IN,
            ttl: 1,
            data: value,
          } as unknown as (typeof response.answers)[number]);
        }
      }
      send(response);
    },
  });
  await server.listen({ udp: { port, address: '127.0.0.1' } });
  return {
    server: `127.0.0.1:${port}`,
    setTxt: (domain, values) => records.set(domain.toLowerCase(), values),
    close: () => server.close(),
  };
}
