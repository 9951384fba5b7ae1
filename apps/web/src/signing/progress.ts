import { $ } from './dom.ts';
import { fillOrder, missing } from './fields.ts';
import { t, tn } from './i18n.ts';
import { viewIfLoaded, work } from './state.ts';

/** The bar's count of required fields left, and which of "Next field" and "Finish signing" it offers. */
export function updateProgress(): void {
  const v = viewIfLoaded();
  if (!v?.yourTurn || v.participant.status === 'signed') return;
  const left = missing().length;
  $('progress').textContent = left === 0 ? t('bar.allDone') : tn('bar.left', left);
  const order = fillOrder();
  const atEnd = work.current !== null && work.current >= order.length - 1;
  // "Next field" while there is a field to visit; "Finish signing" as soon as nothing required is empty.
  const next = $('next');
  next.hidden = order.length === 0 || (left === 0 && atEnd);
  next.className = `btn ${left === 0 ? 'ghost' : 'primary'}`;
  $('finish').hidden = left > 0;
}
