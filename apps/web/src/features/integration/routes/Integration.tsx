import { useState } from 'react';
import { CopyButton } from '../../../components/CopyButton.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { SecretOnce } from '../../../components/SecretOnce.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useAllowance, useCreateToken, useRevokeToken, useTokens } from '../api/integration.ts';
import { UsageChart } from '../components/UsageChart.tsx';

export default function Integration() {
  const tokens = useTokens();
  const create = useCreateToken();
  const revoke = useRevokeToken();
  const allowance = useAllowance();
  const [label, setLabel] = useState('');
  const base = location.origin;

  return (
    <main className="page" id="main">
      <h1>Integration</h1>
      <section className="card stack" aria-labelledby="api-base">
        <h2 id="api-base">API</h2>
        <p>
          Base URL: <code data-testid="api-base-url">{base}</code> <CopyButton text={base} label="Copy" />
        </p>
        <p>
          Exchange a refresh token for an access token with <code>POST {base}/connect/token</code>, then call
          the API with <code>Authorization: Bearer</code>. Reference: <a href="/docs">API documentation</a> (
          <a href="/openapi.json">OpenAPI document</a>).
        </p>
      </section>

      <section className="card stack" aria-labelledby="tokens-title">
        <h2 id="tokens-title">Refresh tokens</h2>
        {create.data ? (
          <SecretOnce
            title="New refresh token"
            secret={create.data.refreshToken}
            onDone={() => create.reset()}
          />
        ) : null}
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate(label.trim(), { onSuccess: () => setLabel('') });
          }}
        >
          <label className="field">
            <span>Label</span>
            <input
              value={label}
              onChange={(e) => setLabel(e.target.value)}
              placeholder="e.g. production backend"
              maxLength={200}
            />
          </label>
          <button type="submit" className="primary" disabled={create.isPending}>
            Create token
          </button>
        </form>
        <ErrorNotice error={create.error} inline />
        {tokens.isPending ? <Loading /> : null}
        <ErrorNotice error={tokens.error} />
        {tokens.data?.tokens.length ? (
          <table className="responsive">
            <thead>
              <tr>
                <th scope="col">Label</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.data.tokens.map((t) => (
                <tr key={t.tokenId}>
                  <td data-label="Label">{t.label || <span className="muted">(no label)</span>}</td>
                  <td data-label="Created">{formatDateTime(t.createdAt)}</td>
                  <td data-label="Last used">{t.lastUsedAt ? formatDateTime(t.lastUsedAt) : 'never'}</td>
                  <td data-label="Actions">
                    <button
                      type="button"
                      className="small danger"
                      disabled={revoke.isPending}
                      onClick={() => {
                        if (
                          confirm(`Revoke ${t.label || 'this token'}? Integrations using it stop working.`)
                        ) {
                          revoke.mutate(t.tokenId);
                        }
                      }}
                    >
                      Revoke <span className="visually-hidden">{t.label ?? t.tokenId}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : tokens.isSuccess ? (
          <p className="muted">No tokens yet.</p>
        ) : null}
      </section>

      <section className="card stack" aria-labelledby="allowance-title">
        <h2 id="allowance-title">Allowance</h2>
        {allowance.isPending ? <Loading /> : null}
        <ErrorNotice error={allowance.error} />
        {allowance.data ? (
          <>
            <p>
              Used <strong>{allowance.data.used}</strong>
              {allowance.data.limit === null ? (
                ' (no limit)'
              ) : (
                <>
                  {' '}
                  of {allowance.data.limit}, <strong>{allowance.data.left}</strong> left
                  {allowance.data.resetsAt ? `, resets ${formatDateTime(allowance.data.resetsAt)}` : ''}
                </>
              )}
              .
            </p>
            <UsageChart daily={allowance.data.daily} />
          </>
        ) : null}
      </section>
    </main>
  );
}
