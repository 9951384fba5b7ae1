import { isDomainError, type MemberRow } from '@countersign/core';
import type { Context } from 'hono';
import type { AppEnv } from '../../../http/env.ts';
import { startSession } from '../sign-in.ts';

/**
 * The end of an identity provider's redirect or POST: the member signed in (cookie session, method `sso`) and
 * sent to the app, or sent to the sign-in page with the reason (`?error=<code>&message=<text>`), nothing
 * signed in. Always 303, so a POST back (SAML) becomes a GET.
 */
export async function backToApp(c: Context<AppEnv>, signIn: () => Promise<MemberRow>): Promise<Response> {
  try {
    const member = await signIn();
    await startSession(c, member, 'sso');
    return c.redirect('/app/', 303);
  } catch (err) {
    if (!isDomainError(err)) throw err;
    const params = new URLSearchParams({ error: err.code, message: err.message });
    return c.redirect(`/app/sign-in?${params.toString()}`, 303);
  }
}

export const backToAppResponses = {
  303: {
    description:
      'To `/app/` signed in (`Set-Cookie: cs_session`), or to `/app/sign-in?error=<code>&message=<text>` ' +
      '(`sso_failed`, `sso_not_configured`) with nothing signed in.',
  },
} as const;
