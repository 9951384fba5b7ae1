import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { TextField } from '../../../components/Field.tsx';
import { Form } from '../../../components/Form.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { SsoSignIn } from '../../sso/components/SsoSignIn.tsx';
import { meKey, requestSignInLink, useFirstRun, verifySignInLink } from '../api/auth.ts';
import { passkeysSupported, signInWithPasskey } from '../api/passkeys.ts';
import { useFragmentToken } from '../fragment-token.ts';

/** Where to go after signing in: only a path inside the app (never another origin). */
function nextPath(): string {
  const next = new URLSearchParams(location.search).get('next');
  return next?.startsWith('/app/') && !next.startsWith('//') ? next.slice('/app'.length) : '/sessions';
}

export default function SignIn() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  // The emailed link is /app/sign-in#token=....
  const linkToken = useFragmentToken();
  const [email, setEmail] = useState('');
  const request = useMutation({ mutationFn: requestSignInLink });
  const signedIn = (me: Awaited<ReturnType<typeof verifySignInLink>>) => {
    history.replaceState(null, '', location.pathname + location.search);
    queryClient.setQueryData(meKey, me);
    navigate(nextPath(), { replace: true });
  };
  const verify = useMutation({ mutationFn: verifySignInLink, onSuccess: signedIn });
  const passkey = useMutation({ mutationFn: signInWithPasskey, onSuccess: signedIn });
  // The link is spent only on a click, so mail scanners that open links do not use it up.
  if (linkToken && !verify.isError) {
    return (
      <main className="signin" id="main">
        <h1>Sign in to Countersign</h1>
        <p>You opened a sign-in link. It works once.</p>
        <button
          type="button"
          className="primary"
          disabled={verify.isPending || verify.isSuccess}
          onClick={() => verify.mutate(linkToken)}
        >
          {verify.isPending || verify.isSuccess ? 'Signing in…' : 'Sign in'}
        </button>
      </main>
    );
  }
  const linkError = verify.isError ? verify.error : null;

  return (
    <main className="signin" id="main">
      <h1>Sign in to Countersign</h1>
      <FirstRunNotice />
      {linkError ? (
        <p className="notice error" role="alert">
          {errorText(linkError)} Ask for a new link below.
        </p>
      ) : null}
      {request.isSuccess ? (
        <div className="notice ok" role="status">
          <p>
            If <strong>{email}</strong> belongs to a member of an account, a sign-in link is on its way. It
            works once and expires soon.
          </p>
          <button type="button" className="link" onClick={() => request.reset()}>
            Use another address
          </button>
        </div>
      ) : (
        <Form className="stack" onSubmit={() => request.mutate(email.trim())}>
          <TextField
            label="Email address"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onValue={setEmail}
          />
          <ErrorNotice error={request.error} inline />
          <button type="submit" className="primary" disabled={request.isPending}>
            {request.isPending ? 'Sending…' : 'Email me a sign-in link'}
          </button>
        </Form>
      )}
      {passkeysSupported() ? (
        <div className="stack signin-passkey">
          <p className="muted">Added a passkey in Settings? No email needed:</p>
          <button
            type="button"
            disabled={passkey.isPending || passkey.isSuccess}
            onClick={() => passkey.mutate()}
          >
            {passkey.isPending || passkey.isSuccess ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
          </button>
          <ErrorNotice error={passkey.error} inline />
        </div>
      ) : null}
      <SsoSignIn />
    </main>
  );
}

/** On a server with no account yet, nobody can sign in: say where the first account comes from. */
function FirstRunNotice() {
  if (!useFirstRun().data?.needed) return null;
  return (
    <p className="notice" role="status">
      <strong>This server has no account yet.</strong> Open the setup link that <code>pnpm start</code>{' '}
      printed in its log to create the first one (or run <code>pnpm cli accounts create</code>).
    </p>
  );
}
