import type { FieldTextFit, SigningField } from '@countersign/schemas';
import { signerApi } from './api.ts';
import { fillOrder, isAdopted } from './fields.ts';
import { repaint } from './overlays.ts';
import { work } from './state.ts';
import { showBarError } from './status.ts';

// The server's layout of the signer's values (docs/signing-text.md): what the page draws, and what it warns of.

let checkTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * While the signer types, the server runs the layout the PDF will use: a value that cannot be stamped (too
 * long for its box, characters no font has) is said in the bar at once.
 */
export function checkSoon(f: SigningField, value: string): void {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(async () => {
    let result: Awaited<ReturnType<typeof signerApi.textCheck>>;
    try {
      result = await signerApi.textCheck({ values: [{ fieldId: f.id, value }] });
    } catch {
      return; // Saving and finishing report connection problems; a check is only advice.
    }
    if (work.values.get(f.id) !== value) return;
    const fit = result.fields.find((r) => r.fieldId === f.id);
    applyFit(f, fit);
    const problem = fit?.ok === false ? fit.problem : undefined;
    document.getElementById('editor-input')?.setAttribute('aria-invalid', problem ? 'true' : 'false');
    showBarError(problem ? problem.message : '');
  }, 300);
}

/** Records how the server will set a value and redraws its field at that size. */
function applyFit(f: SigningField, fit: FieldTextFit | undefined) {
  if (fit?.ok) work.fits.set(f.id, { size: fit.size, lines: fit.lines });
  else work.fits.delete(f.id);
  repaint(f);
}

/** After a reload (a draft, prefilled values), every value the signer has is laid out once. */
export async function checkAll(): Promise<void> {
  const sent = fillOrder()
    .filter((f) => f.type !== 'checkbox' && !isAdopted(f) && work.values.get(f.id)?.trim())
    .map((f) => ({ fieldId: f.id, value: work.values.get(f.id) ?? '' }));
  if (sent.length === 0) return;
  let result: Awaited<ReturnType<typeof signerApi.textCheck>>;
  try {
    result = await signerApi.textCheck({ values: sent });
  } catch {
    return;
  }
  const byId = new Map(fillOrder().map((f) => [f.id, f]));
  const asSent = new Map(sent.map((v) => [v.fieldId, v.value]));
  for (const fit of result.fields) {
    const f = byId.get(fit.fieldId);
    if (f && work.values.get(f.id) === asSent.get(f.id)) applyFit(f, fit);
  }
}
