import { contrastRatio, defaultRoleColor, ROLE_COLOR_MIN_CONTRAST } from '@countersign/schemas';
import type { Problems } from './field-rules.ts';

/**
 * The colour to store for each role (in order; null: the default for its position): the chosen one, else the one
 * the role had under the same name (an update; `kept` by lower-case name). A chosen colour must name a role and
 * be visible on the white page.
 */
export function roleColorsFor(
  roles: string[],
  chosen: Record<string, string> | undefined,
  problems: Problems,
  kept: ReadonlyMap<string, string | null> = new Map(),
): (string | null)[] {
  const byRole = new Map<string, string>();
  for (const [name, color] of Object.entries(chosen ?? {})) {
    const key = name.trim().toLowerCase();
    if (!roles.some((r) => r.toLowerCase() === key)) {
      problems.add(`roleColors: "${name}" is not one of the roles`);
      continue;
    }
    const ratio = contrastRatio(color, '#ffffff');
    if (ratio < ROLE_COLOR_MIN_CONTRAST) {
      problems.add(
        `roleColors: ${color} for "${name}" has a contrast of ${ratio.toFixed(2)}:1 against the white page; ` +
          `at least ${ROLE_COLOR_MIN_CONTRAST}:1 is needed (choose a darker colour)`,
      );
    }
    byRole.set(key, color);
  }
  return roles.map((r) => byRole.get(r.toLowerCase()) ?? kept.get(r.toLowerCase()) ?? null);
}

/** Every role's colour as the API shows it: the stored one or the default for its position. */
export const roleColorsView = (roles: { label: string; color: string | null }[]): Record<string, string> =>
  Object.fromEntries(roles.map((r, i) => [r.label, r.color ?? defaultRoleColor(i)]));
