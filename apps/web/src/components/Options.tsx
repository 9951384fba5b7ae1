/**
 * The options of a `<select>`: first the empty value, named `none` (when given), then each choice, a value
 * shown as itself or a [value, label] pair.
 */
export function Options({
  none,
  choices = [],
}: {
  none?: string;
  choices: readonly (string | readonly [value: string, label: string])[] | undefined;
}) {
  return (
    <>
      {none === undefined ? null : <option value="">{none}</option>}
      {choices.map((choice) => {
        const [value, label] = typeof choice === 'string' ? [choice, choice] : choice;
        return (
          <option key={value} value={value}>
            {label}
          </option>
        );
      })}
    </>
  );
}
