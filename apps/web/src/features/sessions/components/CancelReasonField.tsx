import { REASON_MAX_LENGTH } from '@countersign/schemas/limits';
import { Field } from '../../../components/Field.tsx';

/** The reason a cancellation gives the signers (one session or several), within the API's limit. */
export function CancelReasonField({ value, onValue }: { value: string; onValue(value: string): void }) {
  return (
    <Field label="Reason (sent to the signers)">
      <textarea value={value} onChange={(e) => onValue(e.target.value)} maxLength={REASON_MAX_LENGTH} />
    </Field>
  );
}
