import type { ReactNode } from 'react';

/** One choice of several as radios under a legend; `hint` is said beside each choice. */
export function RadioGroup<T extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
}: {
  legend: ReactNode;
  name: string;
  choices: readonly { value: T; label: ReactNode; hint?: ReactNode }[];
  value: T;
  onChange(next: T): void;
}) {
  return (
    <fieldset className="choices radios">
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="check">
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />
          <span>
            {choice.label}
            {choice.hint ? <span className="muted hint"> {choice.hint}</span> : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
