import { useEffect } from 'react';
import type { Checked } from '../check.ts';

/** Rows shown in full before sending: enough to see the columns fell where they should. */
const SHOWN = 3;

/**
 * What will be sent, before anything is: how many rows are ready, every row that is not and why (they are left
 * out), and the first ready rows as they will go.
 */
export function PreviewSection({
  file,
  checked,
  rowCount,
}: {
  file: string;
  checked: Checked;
  rowCount: number;
}) {
  const ready = checked.entries.length;
  // Once this preview is on screen (after React committed it): the end of the time `pnpm bench web-bulk` takes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a mark per new preview, so per `checked`
  useEffect(() => {
    performance.mark('bulk:previewed');
  }, [checked]);
  return (
    <section className="card stack" aria-labelledby="preview-title">
      <h2 id="preview-title">Preview</h2>
      {checked.blocking.length > 0 ? (
        <div className="notice error" role="alert">
          <p>Nothing can be sent from {file} yet:</p>
          <ul>
            {checked.blocking.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p role="status">
          {file}: {rowCount.toLocaleString('en-US')} {rowCount === 1 ? 'row' : 'rows'},{' '}
          <strong>{ready.toLocaleString('en-US')} ready to send</strong>
          {checked.problems.length > 0
            ? `, ${checked.problems.length.toLocaleString('en-US')} with problems (left out)`
            : ''}
          .
        </p>
      )}
      {checked.problems.length > 0 ? (
        <div className="problems">
          <h3 id="problems-title">Rows left out</h3>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must be reachable by keyboard */}
          <ul className="scroll-list" tabIndex={0} aria-labelledby="problems-title">
            {checked.problems.map((p) => (
              <li key={p.row}>
                Row {p.row}: {p.messages.join(' ')}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {ready > 0 ? (
        <table>
          <caption>The first rows as they will be sent</caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              {checked.entries[0]!.recipients.map((r) => (
                <th key={r.label} scope="col">
                  {r.label}
                </th>
              ))}
              <th scope="col">Fields</th>
            </tr>
          </thead>
          <tbody>
            {checked.entries.slice(0, SHOWN).map((entry, i) => (
              <tr key={checked.rows[i]}>
                <td>{checked.rows[i]}</td>
                {entry.recipients.map((r) => (
                  <td key={r.label}>
                    {r.name} <span className="muted">{r.email}</span>
                  </td>
                ))}
                <td>{(entry.fields ?? []).map((f) => `${f.label}: ${f.value}`).join('; ') || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
