import type { TemplateSendResponse } from '@countersign/schemas';
import { Link } from 'wouter';
import type { Checked } from '../check.ts';
import { download, resultsCsv } from '../results.ts';

const rows = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'}`;

/** What the bulk send did, where to find its sessions, and every row's outcome to download. */
export function BulkResult({
  roles,
  checked,
  result,
}: {
  roles: string[];
  checked: Checked;
  result: TemplateSendResponse;
}) {
  const sessions = result.instantiation.sessions;
  const created = sessions.filter((s) => s.status === 'created').length;
  const failed = sessions.length - created;
  const batch = result.instantiation.bulkSendBatchId;
  const links = result.invites.some((i) => i.participants.some((p) => p.signingUrl));
  const list = batch ? `/sessions?bulkSendBatchId=${encodeURIComponent(batch)}` : '/sessions';
  return (
    <section className="notice ok stack" aria-labelledby="bulk-sent-title">
      <h2 id="bulk-sent-title" role="status">
        Sent {created.toLocaleString('en-US')} {created === 1 ? 'session' : 'sessions'}
      </h2>
      {failed > 0 ? <p>{rows(failed)} could not be sent: the results say why.</p> : null}
      {checked.problems.length > 0 ? (
        <p>
          {rows(checked.problems.length)} {checked.problems.length === 1 ? 'was' : 'were'} left out for{' '}
          {checked.problems.length === 1 ? 'its' : 'their'} problems.
        </p>
      ) : null}
      {batch ? (
        <p>
          Batch <code>{batch}</code>
        </p>
      ) : null}
      {links ? (
        <p>The results hold each signer's link: keep the file safe, anyone with a link can open it.</p>
      ) : null}
      <p className="row">
        <button
          type="button"
          className="primary"
          onClick={() => download('bulk-send-results.csv', resultsCsv(roles, checked, result))}
        >
          Download results (CSV)
        </button>
        <Link href={list} className="button">
          See the sessions
        </Link>
      </p>
    </section>
  );
}
