import { CopyButton } from '../../../components/CopyButton.tsx';
import { confirmColumn } from '../../../components/DataTable.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { QueryTable } from '../../../components/QueryTable.tsx';
import { SecretOnce } from '../../../components/SecretOnce.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useHolds, useMe } from '../../auth/api/auth.ts';
import {
  creatorText,
  type RefreshTokenInfo,
  scopesText,
  useAllowance,
  useCreateToken,
  useRevokeToken,
  useTokens,
} from '../api/integration.ts';
import { TokenForm } from '../components/TokenForm.tsx';
import { UsageChart } from '../components/UsageChart.tsx';

export default function Integration() {
  const tokens = useTokens();
  const create = useCreateToken();
  const revoke = useRevokeToken();
  const allowance = useAllowance();
  const me = useMe();
  const seesAll = useHolds('account:admin');
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
        {me.data ? <TokenForm key={me.data.scopes.join(' ')} held={me.data.scopes} create={create} /> : null}
        {/* Under the button that made it, where the eye is (a phone shows no more than the form's end). */}
        {create.data ? (
          <SecretOnce
            title={`New refresh token: ${scopesText(create.data.scopes)}${create.data.test ? ', test' : ''}`}
            secret={create.data.refreshToken}
            onDone={() => create.reset()}
          />
        ) : null}
        <h3 id="tokens-list">{seesAll ? "The account's tokens" : 'Your tokens'}</h3>
        <p className="muted">
          {seesAll
            ? 'Every token of the account: you are an owner.'
            : 'The tokens you made; owners see every token of the account.'}
        </p>
        <QueryTable
          query={tokens}
          rows={tokens.data?.tokens}
          rowKey={(t) => t.tokenId}
          columns={[
            { label: 'Label', cell: (t) => t.label || <span className="muted">(no label)</span> },
            { label: 'Created by', cell: (t) => creatorText(t.createdBy) },
            { label: 'Scopes', cell: (t) => <span title={t.scopes.join(' ')}>{scopesText(t.scopes)}</span> },
            {
              label: 'Mode',
              cell: (t) =>
                t.test ? <span className="badge test">Test</span> : <span className="badge">Live</span>,
            },
            { label: 'Created', cell: (t) => formatDateTime(t.createdAt) },
            { label: 'Last used', cell: (t) => (t.lastUsedAt ? formatDateTime(t.lastUsedAt) : 'never') },
            confirmColumn('Revoke', (t: RefreshTokenInfo) => ({
              subject: t.label || t.tokenId,
              question: `Revoke ${t.label || 'this token'}? Integrations using it stop working.`,
              onConfirm: () => revoke.mutate(t.tokenId),
              disabled: revoke.isPending,
            })),
          ]}
        >
          No tokens yet.
        </QueryTable>
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
