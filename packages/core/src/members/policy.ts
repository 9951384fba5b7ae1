import { DAY_MS, HOUR_MS, MINUTE_MS } from '../support/clock.ts';

/** How long an emailed sign-in link works (once). Short: it is a password sent through email. */
export const SIGN_IN_LINK_TTL_MS = 15 * MINUTE_MS;

/** A cookie session ends after this long without a request... */
export const SESSION_IDLE_MS = 3 * DAY_MS;
/** ...and this long after sign-in whatever the activity. */
export const SESSION_ABSOLUTE_MS = 30 * DAY_MS;
/** `lastSeenAt` is written at most this often, so reads do not all become writes. */
export const SESSION_TOUCH_MS = MINUTE_MS;

/** Sign-in emails: per address and per client address, per window (a mailbox cannot be flooded). */
export const SIGN_IN_WINDOW_MS = HOUR_MS;
export const SIGN_IN_EMAILS_PER_ADDRESS = 5;
export const SIGN_IN_REQUESTS_PER_CLIENT = 20;

/**
 * Member invites (POST /api/members): the link lasts days, since an invitation is not answered within minutes;
 * at most this many invite emails to one address (whichever accounts invite it) and from one account, per window.
 * 50 an hour lets an owner bring in a team at once and keeps an account from being a spam relay.
 */
export const INVITE_LINK_TTL_MS = 7 * DAY_MS;
export const INVITE_WINDOW_MS = HOUR_MS;
export const INVITE_EMAILS_PER_ADDRESS = 10;
export const INVITES_PER_ACCOUNT = 50;

/** The cookie that carries a member's session: HttpOnly, SameSite=Lax, Secure on https. */
export const SESSION_COOKIE = 'cs_session';

/** Passkeys: a challenge is answered once, within this time (the browser's own prompt times out at 60 s). */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * MINUTE_MS;
/** Passkey ceremonies started per client address (sign-in) and per member (registration), per sign-in window. */
export const PASSKEY_SIGN_INS_PER_CLIENT = 30;
export const PASSKEY_REGISTRATIONS_PER_MEMBER = 20;
/** Passkeys one member may hold. */
export const PASSKEYS_PER_MEMBER_MAX = 20;
