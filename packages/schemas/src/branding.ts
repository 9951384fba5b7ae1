import { z } from '@hono/zod-openapi';
import { arrayOf, strictObject } from './common.ts';
import { frameOriginProblem } from './frame-origins.ts';
import { SUPPORTED_LOCALES } from './locales.ts';

/** A logo is shown small (32 px high): 100 KB is plenty. */
export const LOGO_MAX_BYTES = 100 * 1024;
/** Origins one account may let frame its signing pages. */
export const FRAME_ORIGINS_MAX = 20;

export const logoTypes = ['image/png', 'image/jpeg'] as const;

/** `https://app.example.com` or `http://localhost:5173`: the rule of `frameOriginProblem`, the value named. */
const frameOrigin = z
  .string({ error: 'must be a string' })
  .max(200, { error: 'must be at most 200 characters' })
  .superRefine((value, ctx) => {
    const problem = frameOriginProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `${JSON.stringify(value)} ${problem}` });
  });

export const BrandingSchema = z
  .object({
    accentColor: z.string().nullable().openapi({ example: '#0f766e' }),
    logoUrl: z.string().nullable().openapi({
      description:
        'Where the logo is served (a content-addressed URL, cached for good); null without a logo.',
    }),
    frameOrigins: z.array(z.string()).openapi({
      description:
        "Origins allowed to frame this account's signing pages (`frame-ancestors`); none by default.",
    }),
    defaultLocale: z.enum(SUPPORTED_LOCALES).nullable().openapi({
      description: 'Language of signing pages and emails when a send gives no `locale`.',
    }),
  })
  .openapi('Branding');
export type Branding = z.output<typeof BrandingSchema>;

export const BrandingUpdateRequestSchema = strictObject({
  accentColor: z
    .string({ error: 'must be a string or null' })
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'must be a #rrggbb colour' })
    .nullable()
    .optional()
    .openapi({
      description:
        'Buttons, links and the brand line of the signing page and emails. Must reach 4.5:1 contrast against ' +
        'white (WCAG AA), since white text sits on it: 400 `insufficient_contrast` otherwise. Null: the default.',
    }),
  logo: strictObject({
    contentType: z.enum(logoTypes),
    base64: z
      .string({ error: 'must be a string' })
      .max(Math.ceil(LOGO_MAX_BYTES / 3) * 4, { error: 'is too large (at most 100 KB)' }),
  })
    .nullable()
    .optional()
    .openapi({ description: 'A PNG or JPEG of at most 100 KB, base64. Null removes it.' }),
  frameOrigins: arrayOf(frameOrigin, { max: FRAME_ORIGINS_MAX })
    .optional()
    .openapi({
      description:
        'Replaces the list of origins allowed to embed the signing page in a frame. Exact origins only (scheme, ' +
        'host, optional port; no path, query, fragment, credentials or wildcard), https, or http on localhost, ' +
        '127.0.0.0/8 or [::1]; 400 naming the value otherwise.',
    }),
  defaultLocale: z.enum(SUPPORTED_LOCALES).nullable().optional(),
}).openapi('BrandingUpdateRequest', {
  example: { accentColor: '#0f766e', frameOrigins: ['https://app.example.com'], defaultLocale: 'de' },
});
export type BrandingUpdateRequest = z.output<typeof BrandingUpdateRequestSchema>;
