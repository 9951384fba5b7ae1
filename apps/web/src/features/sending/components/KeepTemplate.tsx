/** After sending documents whose fields were placed by hand: keep what was made as a template, or tidy it away. */
export function KeepTemplate({ keep, onKeep }: { keep: boolean; onKeep(keep: boolean): void }) {
  return (
    <fieldset className="card stack">
      <legend className="legend-title">After sending</legend>
      <label className="check">
        <input type="checkbox" name="keep" checked={keep} onChange={(e) => onKeep(e.target.checked)} />
        <span>
          Keep these documents and fields as a template
          <span className="muted hint"> (listed in Templates, to send again)</span>
        </span>
      </label>
    </fieldset>
  );
}

/** What became of the template once sent. */
export const keptText = (kept: boolean) =>
  kept
    ? 'The template stays in Templates, to send again.'
    : 'The template made for it is archived: Templates, “Archived templates”, brings it back.';
