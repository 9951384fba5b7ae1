import { contrastRatio } from '@countersign/schemas/colors';
import { ROLE_COLOR_MIN_CONTRAST } from '@countersign/schemas/role-colors';
import { templateAdvice, templateProblems } from '@countersign/schemas/template-readiness';
import type { DocumentLayout, Draft } from './model.ts';

export interface Problems {
  /** Reasons per field id, shown next to the field and in the inspector. */
  fields: Map<string, string[]>;
  /** Reasons per role name, shown next to the role. */
  roles: Map<string, string[]>;
  /** How many problems keep the template from being sent (the API refuses the send too). */
  blocking: number;
  /** What the API would refuse a save for, naming each field: the designer says so instead of saving. */
  refusals: string[];
  /** Problems and advice. */
  count: number;
}

/**
 * What must be fixed before the template can be sent (the rules the API applies, from the schemas package),
 * and advice that does not block it (overlaps, repeated labels). Recomputed on every change: O(n²) in a page.
 */
export function validate(draft: Draft, documents: DocumentLayout[]): Problems {
  const fields = new Map<string, string[]>();
  const roles = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, key: string, reason: string) => {
    map.set(key, [...(map.get(key) ?? []), reason]);
  };
  const facts = {
    roles: draft.roles.map((r) => r.name),
    documents,
    fields: draft.fields,
  };
  const problems = templateProblems(facts);
  for (const p of [...problems, ...templateAdvice(facts)]) {
    if (p.field !== undefined) add(fields, draft.fields[p.field]!.id, p.reason);
    else add(roles, p.role ?? '', p.message);
  }
  // The server refuses it at save; said here so the reason is next to the colour, not only in the save error.
  const tooLight: string[] = [];
  for (const role of draft.roles) {
    if (contrastRatio(role.color, '#ffffff') >= ROLE_COLOR_MIN_CONTRAST) continue;
    tooLight.push(`${role.name}'s colour is too light to see on the page; choose a darker one`);
    add(roles, role.name, tooLight.at(-1)!);
  }
  let count = 0;
  for (const list of fields.values()) count += list.length;
  for (const list of roles.values()) count += list.length;
  // A role without a signature field may be saved (work in progress), not sent.
  const refusals = [...problems.filter((p) => p.role === undefined).map((p) => p.message), ...tooLight];
  return { fields, roles, blocking: problems.length + tooLight.length, refusals, count };
}
