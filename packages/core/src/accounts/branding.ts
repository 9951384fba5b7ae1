import { createHash } from 'node:crypto';
import { accountBranding } from '@countersign/db';
import {
  type Branding,
  type BrandingUpdateRequest,
  contrastRatio,
  LOGO_MAX_BYTES,
  type Locale,
} from '@countersign/schemas';
import { eq } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { DomainError } from '../support/errors.ts';

/** WCAG AA for normal text. */
export const MIN_ACCENT_CONTRAST = 4.5;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

function checkLogo(logo: { contentType: 'image/png' | 'image/jpeg'; base64: string }): Buffer {
  const bytes = Buffer.from(logo.base64, 'base64');
  if (bytes.length === 0 || bytes.length > LOGO_MAX_BYTES)
    throw new DomainError('invalid_logo', `logo: must be 1 byte to ${LOGO_MAX_BYTES / 1024} KB`);
  const magic = logo.contentType === 'image/png' ? PNG : JPEG;
  if (!bytes.subarray(0, magic.length).equals(magic))
    throw new DomainError(
      'invalid_logo',
      `logo: the bytes are not a ${logo.contentType.slice(6).toUpperCase()}`,
    );
  return bytes;
}

export interface BrandingRow {
  accentColor: string | null;
  logoType: 'image/png' | 'image/jpeg' | null;
  logoHash: string | null;
  frameOrigins: string[];
  defaultLocale: Locale | null;
}

const NONE: BrandingRow = {
  accentColor: null,
  logoType: null,
  logoHash: null,
  frameOrigins: [],
  defaultLocale: null,
};

/** What an account's signing pages and emails look like, and who may frame them (defaults when never set). */
export async function brandingOf(ctx: ServiceContext, accountId: string): Promise<BrandingRow> {
  const row = (
    await ctx.db
      .select({
        accentColor: accountBranding.accentColor,
        logoType: accountBranding.logoType,
        logoHash: accountBranding.logoHash,
        frameOrigins: accountBranding.frameOrigins,
        defaultLocale: accountBranding.defaultLocale,
      })
      .from(accountBranding)
      .where(eq(accountBranding.accountId, accountId))
      .limit(1)
  )[0];
  return row
    ? {
        ...row,
        frameOrigins: row.frameOrigins as string[],
        defaultLocale: row.defaultLocale as Locale | null,
      }
    : NONE;
}

export const logoPath = (row: Pick<BrandingRow, 'logoHash' | 'logoType'>) =>
  row.logoHash ? `/assets/logos/${row.logoHash}.${row.logoType === 'image/png' ? 'png' : 'jpg'}` : null;

export function brandingView(ctx: ServiceContext, row: BrandingRow): Branding {
  const path = logoPath(row);
  return {
    accentColor: row.accentColor,
    logoUrl: path ? `${ctx.config.publicUrl}${path}` : null,
    frameOrigins: row.frameOrigins,
    defaultLocale: row.defaultLocale,
  };
}

/** PUT /api/account/branding: only what the body names changes; a colour below AA contrast is refused. */
export async function updateBranding(
  ctx: ServiceContext,
  accountId: string,
  update: BrandingUpdateRequest,
  alsoInTransaction?: () => Promise<void>,
): Promise<Branding> {
  if (update.accentColor) {
    const ratio = contrastRatio(update.accentColor, '#ffffff');
    if (ratio < MIN_ACCENT_CONTRAST) {
      throw new DomainError(
        'insufficient_contrast',
        `accentColor: ${update.accentColor} has a contrast of ${ratio.toFixed(2)}:1 against white; WCAG AA needs at least ${MIN_ACCENT_CONTRAST}:1 (choose a darker colour)`,
      );
    }
  }
  const logo = update.logo ? checkLogo(update.logo) : update.logo;
  const set: Partial<typeof accountBranding.$inferInsert> = { updatedAt: ctx.clock.now() };
  if (update.accentColor !== undefined) set.accentColor = update.accentColor?.toLowerCase() ?? null;
  if (update.frameOrigins !== undefined) set.frameOrigins = [...new Set(update.frameOrigins)];
  if (update.defaultLocale !== undefined) set.defaultLocale = update.defaultLocale;
  if (logo === null) Object.assign(set, { logoType: null, logoBase64: null, logoHash: null });
  else if (logo) {
    Object.assign(set, {
      logoType: update.logo!.contentType,
      logoBase64: logo.toString('base64'),
      logoHash: createHash('sha256').update(logo).digest('hex').slice(0, 32),
    });
  }
  // The logo was decoded and checked above: the transaction holds only the write (and the caller's).
  await ctx.db.transaction(async () => {
    await ctx.db
      .insert(accountBranding)
      .values({ accountId, frameOrigins: [], ...set, updatedAt: ctx.clock.now() })
      .onConflictDoUpdate({ target: accountBranding.accountId, set });
    await alsoInTransaction?.();
  });
  return brandingView(ctx, await brandingOf(ctx, accountId));
}

/** A logo by its content hash (any account's: the hash is the name, the bytes are public on signing pages). */
export async function logoByHash(
  ctx: ServiceContext,
  hash: string,
): Promise<{ type: string; bytes: Buffer } | null> {
  const row = await (
    await ctx.db
      .select({ type: accountBranding.logoType, base64: accountBranding.logoBase64 })
      .from(accountBranding)
      .where(eq(accountBranding.logoHash, hash))
      .limit(1)
  )[0];
  return row?.type && row.base64 ? { type: row.type, bytes: Buffer.from(row.base64, 'base64') } : null;
}
