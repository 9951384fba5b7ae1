import { type PageFrame, userBoxToDisplayRect } from '../../geometry/convert.ts';
import { clipRect } from '../../geometry/rect.ts';
import { round } from '../field-size.ts';
import type { DetectedField, DetectedFieldType } from '../types.ts';

/** The part of pdf.js's annotation data we read. */
export interface WidgetData {
  subtype?: string;
  fieldType?: string;
  fieldName?: string;
  fieldFlags?: number;
  checkBox?: boolean;
  radioButton?: boolean;
  pushButton?: boolean;
  rect?: number[];
  annotationFlags?: number;
}

const HIDDEN_FLAGS = 0b10 | 0b100000; // Hidden, NoView
const REQUIRED_FLAG = 0b10; // field flag bit 2

/**
 * Form fields (AcroForm widgets) of one page as template fields. Label = the field's full name; a name
 * of the form `Role:Label` assigns the field to that role (the first colon splits, both sides non-empty).
 * Text fields -> text, check boxes -> checkbox, signature fields -> signature; choice lists and radio
 * groups -> text (a radio group once, at its first widget); push buttons are not fields.
 */
export function widgetFields(
  annotations: WidgetData[],
  page: number,
  frame: PageFrame,
  size: { width: number; height: number },
  seenRadioGroups: Set<string>,
): DetectedField[] {
  const out: DetectedField[] = [];
  for (const a of annotations) {
    if (a.subtype !== 'Widget' || !a.fieldName || !a.rect || a.rect.length < 4) continue;
    if ((a.annotationFlags ?? 0) & HIDDEN_FLAGS) continue;
    const type = fieldType(a);
    if (!type) continue;
    if (a.radioButton) {
      if (seenRadioGroups.has(a.fieldName)) continue;
      seenRadioGroups.add(a.fieldName);
    }
    const [x0, y0, x1, y1] = a.rect as [number, number, number, number];
    const display = userBoxToDisplayRect(frame, [
      Math.min(x0, x1),
      Math.min(y0, y1),
      Math.max(x0, x1),
      Math.max(y0, y1),
    ]);
    const rect = clipRect(display, { x: 0, y: 0, width: size.width, height: size.height });
    if (!rect || rect.width < 1 || rect.height < 1) continue;
    const { label, role } = splitRole(a.fieldName);
    out.push({
      source: 'acroform',
      label,
      type,
      role,
      required: ((a.fieldFlags ?? 0) & REQUIRED_FLAG) !== 0 ? true : null,
      page,
      x: round(rect.x),
      y: round(rect.y),
      width: round(Math.min(rect.width, size.width - round(rect.x))),
      height: round(Math.min(rect.height, size.height - round(rect.y))),
      origin: a.fieldName,
    });
  }
  return out;
}

function fieldType(a: WidgetData): DetectedFieldType | null {
  switch (a.fieldType) {
    case 'Tx':
    case 'Ch':
      return 'text';
    case 'Sig':
      return 'signature';
    case 'Btn':
      if (a.pushButton) return null;
      return a.checkBox ? 'checkbox' : 'text';
    default:
      return null;
  }
}

/** `Client:Signature` -> role Client, label Signature; names without that form have no role. */
export function splitRole(name: string): { label: string; role: string | null } {
  const colon = name.indexOf(':');
  if (colon > 0) {
    const role = name.slice(0, colon).trim();
    const label = name.slice(colon + 1).trim();
    if (role !== '' && label !== '') return { label, role };
  }
  return { label: name.trim() || name, role: null };
}
