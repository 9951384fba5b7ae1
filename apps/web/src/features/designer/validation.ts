import { contrastRatio } from '@countersign/schemas/colors';
import { ROLE_COLOR_MIN_CONTRAST } from '@countersign/schemas/role-colors';
import { intersects, samePage } from './geometry.ts';
import type { DocumentLayout, Draft } from './model.ts';

export interface Problems {
  /** Reasons per field id, shown next to the field and in the inspector. */
  fields: Map<string, string[]>;
  /** Reasons per role name, shown next to the role. */
  roles: Map<string, string[]>;
  count: number;
}

/** What must be fixed before the template can be used. Recomputed on every change (it is cheap: O(n²) in a page). */
export function validate(draft: Draft, documents: DocumentLayout[]): Problems {
  const fields = new Map<string, string[]>();
  const roles = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, key: string, reason: string) => {
    const list = map.get(key) ?? [];
    list.push(reason);
    map.set(key, list);
  };

  for (const role of draft.roles) {
    if (!draft.fields.some((f) => f.role === role.name && f.type === 'signature')) {
      add(roles, role.name, `${role.name} has no signature field`);
    }
    // The server refuses it too; said here so the reason is next to the colour, not only in the save error.
    if (contrastRatio(role.color, '#ffffff') < ROLE_COLOR_MIN_CONTRAST)
      add(roles, role.name, `${role.name}'s colour is too light to see on the page; choose a darker one`);
  }

  const byLabel = new Map<string, string[]>();
  for (const f of draft.fields) {
    const key = f.label.trim().toLowerCase();
    byLabel.set(key, [...(byLabel.get(key) ?? []), f.id]);
    if (!f.label.trim()) add(fields, f.id, 'needs a label');
    if ((f.type === 'signature' || f.type === 'initials') && !f.role)
      add(fields, f.id, 'needs a role (who signs)');
    if (f.role && !draft.roles.some((r) => r.name === f.role))
      add(fields, f.id, `role ${f.role} does not exist`);
    const page = documents[f.document]?.pageSizes[f.page - 1];
    if (!page) add(fields, f.id, 'is on a page that does not exist');
    else if (f.x < 0 || f.y < 0 || f.x + f.width > page.width + 0.01 || f.y + f.height > page.height + 0.01) {
      add(fields, f.id, 'is partly off the page');
    }
  }
  for (const [label, ids] of byLabel) {
    if (label && ids.length > 1) for (const id of ids) add(fields, id, 'has the same label as another field');
  }
  for (let i = 0; i < draft.fields.length; i++) {
    for (let j = i + 1; j < draft.fields.length; j++) {
      const a = draft.fields[i]!;
      const b = draft.fields[j]!;
      if (samePage(a, b) && intersects(a, b)) {
        add(fields, a.id, `overlaps ${b.label || 'another field'}`);
        add(fields, b.id, `overlaps ${a.label || 'another field'}`);
      }
    }
  }
  let count = 0;
  for (const list of fields.values()) count += list.length;
  for (const list of roles.values()) count += list.length;
  return { fields, roles, count };
}
