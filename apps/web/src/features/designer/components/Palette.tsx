import type { MouseEvent, PointerEvent } from 'react';
import { FIELD_TYPE_LABELS, FIELD_TYPES, type FieldType } from '../model.ts';

interface Props {
  placing: FieldType | null;
  /** Pointer pressed on a type: the designer decides between drag and click-to-place. */
  onPointerDown(e: PointerEvent<HTMLButtonElement>, type: FieldType): void;
  /** Keyboard activation (Enter/Space): add the field to the page in view at once. */
  onKeyboardAdd(type: FieldType): void;
  onArm(type: FieldType | null): void;
}

/** Field types to add: drag one onto a page, or click it and then click where it goes. */
export function Palette({ placing, onPointerDown, onKeyboardAdd, onArm }: Props) {
  return (
    <fieldset className="dz-palette">
      <legend>Add a field</legend>
      {FIELD_TYPES.map((type) => (
        <button
          key={type}
          type="button"
          className={placing === type ? 'dz-tool armed' : 'dz-tool'}
          data-field-type={type}
          aria-pressed={placing === type}
          onPointerDown={(e) => onPointerDown(e, type)}
          onClick={(e: MouseEvent) => {
            // detail 0: Enter or Space, not a pointer click (pointer clicks arm in onPointerDown's handler).
            if (e.detail === 0) onKeyboardAdd(type);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') onArm(null);
          }}
        >
          {FIELD_TYPE_LABELS[type]}
        </button>
      ))}
      {placing ? (
        <p className="dz-hint" role="status">
          Click on a page to place the {FIELD_TYPE_LABELS[placing].toLowerCase()} field (Esc cancels).
        </p>
      ) : null}
    </fieldset>
  );
}
