import { SIGNER_SESSION_HOURS, type SignerRequest } from '@countersign/core';
import { SigningErrorResponseSchema, signingTokenParam } from '@countersign/schemas';
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { signerLink } from '../../http/access.ts';
import { requestOrigin } from '../../http/actor.ts';
import type { AppEnv } from '../../http/env.ts';
import { errorResponseFor } from '../../http/openapi.ts';
import type { RecordKind } from '../../http/record-route.ts';

/** The signer cookie: scoped to one link's API path, so two links in one browser never collide. */
export const SIGNER_COOKIE = 'countersign_signer';

/** Who is asking, for the service: the cookie token and the origin every audit event records. */
export function signerRequest(c: Context<AppEnv>): SignerRequest {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  return {
    cookieToken: getCookie(c, SIGNER_COOKIE) ?? null,
    origin: requestOrigin(c),
  };
}

export function setSignerCookie(c: Context<AppEnv>, linkToken: string, value: string): void {
  setCookie(c, SIGNER_COOKIE, value, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: c.get('deps').config.publicUrl.startsWith('https:'),
    path: `/api/signing/${linkToken}`,
    // The row's expiry is the authority; the cookie merely lasts as long.
    maxAge: SIGNER_SESSION_HOURS * 3600,
  });
}

const error = (description: string, headers: 'Retry-After'[] = []) =>
  errorResponseFor(description, { schema: SigningErrorResponseSchema, headers });

/**
 * The signer API's error responses; each route picks the ones it can answer (`apiRoute` adds 500 and 400,
 * `signingLink` the 404).
 */
export const signingErrors = {
  400: error(
    'Validation failed, or a signing rule was broken (`fields_missing`, `field_not_allowed`, `invalid_field_value`, `invalid_signature`, `code_invalid`, `code_expired`, `code_not_required`).',
  ),
  401: error('`verification_required`: verify a one-time code first (otp sessions).'),
  404: error('`link_not_found`: no signing link has this token (or `not_found` for a document).'),
  409: error(
    '`not_your_turn`, `already_signed`, `document_not_ready`, or `no_signature_field` (the session gives the signer no signature field: it cannot be signed).',
  ),
  410: error(
    'The link no longer leads to signing: `session_cancelled`, `session_expired`, `session_declined`, `link_revoked`, ' +
      'or `download_expired` (completed too long ago).',
  ),
  429: error(
    '`rate_limited` (codes requested too often) or `code_locked` (too many wrong codes); see `Retry-After`.',
    ['Retry-After'],
  ),
} as const;

/** The ones of `signingErrors` a route can answer, for its `responses`: `...signingErrorsFor(401, 410)`. */
export const signingErrorsFor = <S extends keyof typeof signingErrors>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((s) => [s, signingErrors[s]])) as Pick<typeof signingErrors, S>;

/** Every signer route's path starts with the link token. */
const linkTokenParams = z.object({ token: signingTokenParam });

/**
 * What every signer handler starts from: the service context, the link token of the path and who is asking
 * (`signerRequest`, which also keeps the answer out of caches and referrers).
 */
export function signerCall(c: Context<AppEnv, string, { out: { param: { token: string } } }>) {
  return { ctx: c.get('deps').runtime.ctx, token: c.req.valid('param').token, signer: signerRequest(c) };
}

/** Signer routes take no bearer token: the link token (and, for otp sessions, the signer cookie) is the key. */
const signerSecurity: Record<string, string[]>[] = [{ signerCookie: [] }, {}];

/** The signer routes: about one signing link, named by its token; 404 when no link has it. */
export const signingLink = {
  access: signerLink,
  tags: ['Signer'],
  params: linkTokenParams,
  notFound: signingErrors[404],
  security: signerSecurity,
} satisfies RecordKind<typeof linkTokenParams>;
