import { TEXT_MAX_LENGTH } from '@countersign/schemas/limits';
import { moveRecipient, type RecipientInput, recipientTitle } from '../send-options.ts';

/**
 * The recipients, a name and an email address each: one per role of a template, or as many as the member
 * adds (`onAdd`) for their own documents. When signing is sequential the list is the signing order, and each
 * recipient can move up or down in it.
 */
export function RecipientsFieldset({
  recipients,
  sequential,
  onChange,
  onAdd,
}: {
  recipients: RecipientInput[];
  sequential: boolean;
  onChange(next: RecipientInput[]): void;
  /** Recipients can be added and removed (no template fixes them). */
  onAdd?: () => void;
}) {
  const set = (index: number, patch: Partial<RecipientInput>) =>
    onChange(recipients.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  return (
    <fieldset className="card stack">
      <legend className="legend-title">Recipients</legend>
      <p className="muted">
        {sequential ? 'They sign one after another, in this order.' : 'They can all sign at once.'}
      </p>
      <ol className="recipients">
        {recipients.map((r, i) => {
          const title = recipientTitle(r, i);
          return (
            <li key={r.key} className="recipient">
              <h3>
                {sequential ? `${i + 1}. ` : ''}
                {title}
              </h3>
              <div className="row">
                <label className="field">
                  <span>{title}'s name</span>
                  <input
                    name={`name-${i}`}
                    autoComplete="off"
                    required
                    maxLength={TEXT_MAX_LENGTH}
                    value={r.name}
                    onChange={(e) => set(i, { name: e.target.value })}
                  />
                </label>
                <label className="field">
                  <span>{title}'s email</span>
                  <input
                    name={`email-${i}`}
                    type="email"
                    autoComplete="off"
                    required
                    value={r.email}
                    onChange={(e) => set(i, { email: e.target.value })}
                  />
                </label>
                <div className="row">
                  {sequential && recipients.length > 1 ? (
                    <>
                      <button
                        type="button"
                        className="small"
                        disabled={i === 0}
                        onClick={() => onChange(moveRecipient(recipients, i, -1))}
                      >
                        Earlier<span className="visually-hidden"> ({title})</span>
                      </button>
                      <button
                        type="button"
                        className="small"
                        disabled={i === recipients.length - 1}
                        onClick={() => onChange(moveRecipient(recipients, i, 1))}
                      >
                        Later<span className="visually-hidden"> ({title})</span>
                      </button>
                    </>
                  ) : null}
                  {onAdd && recipients.length > 1 ? (
                    <button
                      type="button"
                      className="small"
                      onClick={() => onChange(recipients.filter((_, j) => j !== i))}
                    >
                      Remove<span className="visually-hidden"> {title}</span>
                    </button>
                  ) : null}
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      {onAdd ? (
        <div className="row">
          <button type="button" onClick={onAdd}>
            Add a recipient
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}
