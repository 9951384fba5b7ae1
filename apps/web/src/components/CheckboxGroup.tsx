import { type ReactNode, useId } from 'react';

/**
 * A set of choices as checkboxes under a legend (webhook events, token scopes). `hint` is said under each
 * choice and read with it (aria-describedby); `title` is a tooltip only.
 */
export function CheckboxGroup<T extends string>({
  legend,
  className,
  choices,
  value,
  onChange,
  label = (choice) => choice,
  hint,
  title,
}: {
  legend: ReactNode;
  className?: string;
  choices: readonly T[];
  value: ReadonlySet<T>;
  onChange(next: Set<T>): void;
  label?: (choice: T) => ReactNode;
  hint?: (choice: T) => ReactNode;
  title?: (choice: T) => string;
}) {
  const id = useId();
  return (
    <fieldset className={className}>
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <div key={choice} className="choice">
          <label className="check" title={title?.(choice)}>
            <input
              type="checkbox"
              value={choice}
              checked={value.has(choice)}
              aria-describedby={hint ? `${id}-${choice}` : undefined}
              onChange={(e) => {
                const next = new Set(value);
                if (e.target.checked) next.add(choice);
                else next.delete(choice);
                onChange(next);
              }}
            />
            {label(choice)}
          </label>
          {hint ? (
            <span className="muted hint" id={`${id}-${choice}`}>
              {hint(choice)}
            </span>
          ) : null}
        </div>
      ))}
    </fieldset>
  );
}
