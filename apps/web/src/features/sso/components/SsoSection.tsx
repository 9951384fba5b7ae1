import type { SsoConnection, SsoConnectionRequest, SsoSettings } from '@countersign/schemas';
import { useState } from 'react';
import { ConfirmButton } from '../../../components/ConfirmButton.tsx';
import { CopyButton } from '../../../components/CopyButton.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Field } from '../../../components/Field.tsx';
import { Form } from '../../../components/Form.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { useCheckSsoDomain, useRemoveSso, useSaveSso, useSsoSettings } from '../api/sso.ts';

const PROTOCOLS = [
  ['oidc', 'OpenID Connect'],
  ['saml', 'SAML 2.0'],
] as const;

const text = (data: FormData, name: string) => String(data.get(name) ?? '').trim();

/** The request the form describes; an empty client secret keeps the stored one. */
function requestOf(form: HTMLFormElement): SsoConnectionRequest {
  const data = new FormData(form);
  const common = {
    domain: text(data, 'domain'),
    defaultRole: text(data, 'defaultRole') === 'owner' ? ('owner' as const) : ('member' as const),
    requireSso: data.get('requireSso') === 'on',
  };
  if (text(data, 'protocol') === 'saml') {
    return {
      protocol: 'saml',
      ...common,
      saml: {
        entityId: text(data, 'entityId'),
        ssoUrl: text(data, 'ssoUrl'),
        certificate: text(data, 'certificate'),
      },
    };
  }
  const secret = text(data, 'clientSecret');
  return {
    protocol: 'oidc',
    ...common,
    oidc: {
      issuer: text(data, 'issuer'),
      clientId: text(data, 'clientId'),
      ...(secret ? { clientSecret: secret } : {}),
    },
  };
}

/** What the identity provider's administrator registers: this service's addresses, each with a copy button. */
function ServiceProvider({ sp }: { sp: SsoSettings['serviceProvider'] }) {
  const rows: [string, string][] = [
    ['OIDC redirect URI', sp.oidcRedirectUri],
    ['SAML entity ID (audience)', sp.samlEntityId],
    ['SAML ACS URL (HTTP-POST)', sp.samlAcsUrl],
    ['SAML metadata', sp.samlMetadataUrl],
  ];
  return (
    <dl className="sso-sp">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>
            <code>{value}</code> <CopyButton text={value} label={`Copy ${label}`} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The TXT record to publish, whether it was found, and a button to look again. */
function Verification({ connection }: { connection: SsoConnection }) {
  const check = useCheckSsoDomain();
  const { verification } = connection;
  return (
    <section className="stack" aria-labelledby="sso-domain-title">
      <h3 id="sso-domain-title">Domain verification</h3>
      {verification.verified ? (
        <p role="status">
          <strong>{connection.domain}</strong> is verified: its members can sign in with single sign-on.
        </p>
      ) : (
        <>
          <p>
            Prove the account controls <strong>{connection.domain}</strong>: add this TXT record to its DNS,
            then check. Nobody signs in through the provider until it is verified.
          </p>
          <dl className="sso-sp">
            <div>
              <dt>Name</dt>
              <dd>
                <code>{verification.recordName}</code>
              </dd>
            </div>
            <div>
              <dt>Type</dt>
              <dd>
                <code>TXT</code>
              </dd>
            </div>
            <div>
              <dt>Value</dt>
              <dd>
                <code>{verification.recordValue}</code>{' '}
                <CopyButton text={verification.recordValue} label="Copy the TXT value" />
              </dd>
            </div>
          </dl>
          <button type="button" onClick={() => check.mutate()} disabled={check.isPending}>
            {check.isPending ? 'Checking DNS…' : 'Check DNS now'}
          </button>
          <ErrorNotice error={check.error} inline />
        </>
      )}
    </section>
  );
}

/**
 * Single sign-on (owners): an OpenID Connect or SAML identity provider for the members whose address is at a
 * verified domain; members are created on their first sign-in; "require" turns off links and passkeys for them.
 */
export function SsoSection({ isOwner }: { isOwner: boolean }) {
  const settings = useSsoSettings(isOwner);
  const save = useSaveSso();
  const remove = useRemoveSso();
  const connection = settings.data?.connection ?? null;
  const [protocol, setProtocol] = useState<'oidc' | 'saml' | null>(null);
  if (!isOwner) return null;
  const shown = protocol ?? connection?.protocol ?? 'oidc';

  return (
    <section className="card stack" aria-labelledby="sso-title">
      <h2 id="sso-title">Single sign-on</h2>
      <p className="muted">
        Members whose address is at your domain sign in through your identity provider (OpenID Connect or SAML
        2.0). Someone new at the domain becomes a member on their first sign-in.
      </p>
      {settings.isPending ? <Loading /> : null}
      <ErrorNotice error={settings.error} />
      {settings.data ? (
        <>
          <ServiceProvider sp={settings.data.serviceProvider} />
          <Form
            key={connection?.updatedAt ?? 'new'}
            className="stack"
            aria-label="Identity provider"
            onSubmit={(form) => save.mutate(requestOf(form))}
          >
            <fieldset className="stack">
              <legend>Protocol</legend>
              {PROTOCOLS.map(([value, label]) => (
                <label className="check" key={value}>
                  <input
                    type="radio"
                    name="protocol"
                    value={value}
                    checked={shown === value}
                    onChange={() => setProtocol(value)}
                  />
                  <span>{label}</span>
                </label>
              ))}
            </fieldset>
            <Field label="Email domain (for example example.com)">
              <input name="domain" required defaultValue={connection?.domain ?? ''} autoComplete="off" />
            </Field>
            {shown === 'oidc' ? (
              <>
                <Field label="Issuer URL">
                  <input name="issuer" type="url" required defaultValue={connection?.oidc?.issuer ?? ''} />
                </Field>
                <Field label="Client ID">
                  <input name="clientId" required defaultValue={connection?.oidc?.clientId ?? ''} />
                </Field>
                <Field
                  label={
                    connection?.oidc?.clientSecretSet
                      ? 'Client secret (stored encrypted; leave empty to keep it)'
                      : 'Client secret'
                  }
                >
                  <input name="clientSecret" type="password" autoComplete="new-password" />
                </Field>
              </>
            ) : (
              <>
                <Field label="IdP entity ID">
                  <input name="entityId" required defaultValue={connection?.saml?.entityId ?? ''} />
                </Field>
                <Field label="IdP single sign-on URL">
                  <input name="ssoUrl" type="url" required defaultValue={connection?.saml?.ssoUrl ?? ''} />
                </Field>
                <Field label="IdP signing certificate (PEM)">
                  <textarea
                    name="certificate"
                    required
                    rows={6}
                    defaultValue={connection?.saml?.certificate ?? ''}
                  />
                </Field>
              </>
            )}
            <Field label="Role of new members">
              <select name="defaultRole" defaultValue={connection?.defaultRole ?? 'member'}>
                <option value="member">Member</option>
                <option value="owner">Owner</option>
              </select>
            </Field>
            <label className="check">
              <input type="checkbox" name="requireSso" defaultChecked={connection?.requireSso ?? false} />
              <span>
                Require single sign-on: members at the domain cannot sign in by emailed link or passkey
                (owners still can, to recover)
              </span>
            </label>
            <button type="submit" className="primary" disabled={save.isPending}>
              Save single sign-on
            </button>
            {save.isSuccess ? <p role="status">Saved.</p> : null}
            <ErrorNotice error={save.error} inline />
          </Form>
          {connection ? (
            <>
              <Verification connection={connection} />
              <div className="row">
                <ConfirmButton
                  subject="single sign-on"
                  question="Remove single sign-on? Members sign in by emailed link or passkey again."
                  onConfirm={() => remove.mutate()}
                  disabled={remove.isPending}
                >
                  Remove
                </ConfirmButton>
              </div>
              <ErrorNotice error={remove.error} inline />
            </>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
