/**
 * Role colours of the template designer: the defaults, by a role's position in the signing order, and the rule a
 * chosen colour must meet. No zod, so the web app takes it (`@countersign/schemas/role-colors`) as it is.
 */

/** Distinct hues, each dark enough for text on white (at least 5:1), so defaults never fail a contrast check. */
export const ROLE_COLOR_DEFAULTS = [
  '#0b5cad',
  '#b4400a',
  '#0a7a55',
  '#a3307d',
  '#8a6100',
  '#1f6f8b',
  '#6a3fa0',
  '#4d6b1f',
] as const;

export const defaultRoleColor = (position: number): string =>
  ROLE_COLOR_DEFAULTS[position % ROLE_COLOR_DEFAULTS.length]!;

/** A field's outline is drawn in its role's colour: WCAG's 3:1 for graphics against the white page. */
export const ROLE_COLOR_MIN_CONTRAST = 3;

export const ROLE_COLOR_PATTERN = /^#[0-9a-f]{6}$/;
