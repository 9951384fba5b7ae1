import type { Locale } from '@countersign/schemas';
import { ar } from './ar.ts';
import { de } from './de.ts';
import { en, type VerifyCatalogue, type VerifyKey } from './en.ts';
import { es } from './es.ts';
import { fillParts, TRAIL_ENDPOINT } from './fill.ts';
import { fr } from './fr.ts';
import { it } from './it.ts';
import { ja } from './ja.ts';
import { nl } from './nl.ts';
import { pl } from './pl.ts';
import { pt } from './pt.ts';

/**
 * The /verify page's words, one catalogue per language (the signing page's languages); each has exactly the
 * English keys (test: apps/api/test/verify-page-i18n.test.ts). Only the server imports this: it renders the
 * page in one language and inlines that language's catalogue for the script, so the bundle carries none.
 */
export const VERIFY_CATALOGUES: Record<Locale, VerifyCatalogue> = { en, de, fr, es, pt, it, nl, pl, ja, ar };

export type { VerifyCatalogue, VerifyKey };
export { fillParts, TRAIL_ENDPOINT };
