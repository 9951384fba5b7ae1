import type { ServiceContext } from '../context.ts';
import { randomBytes, sha256Hex } from '../support/crypto.ts';

/** A signing-link token: 256 random bits in the URL, only its SHA-256 in the database. */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: sha256Hex(token) };
}

export const signingUrl = (ctx: ServiceContext, token: string): string =>
  `${ctx.config.publicUrl}/s/${token}`;

export const linkTokenHash = (token: string): string => sha256Hex(token);

/** The signing URL of a participant, rebuilt from the encrypted token (for emails after the send). */
export function participantLink(ctx: ServiceContext, participant: { linkTokenEncrypted: string }): string {
  return signingUrl(ctx, ctx.secrets.dataKey.decrypt(participant.linkTokenEncrypted));
}
