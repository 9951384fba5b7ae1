import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../../lib/api-client.ts';
import { requestSignInLink } from '../api/auth.ts';

/** Messages for the reasons the server sends people back here (`?error=`). */
const LINK_ERRORS: Record<string, string> = {
  expired: 'That sign-in link has expired. Ask for a new one below.',
  used: 'That sign-in link was already used. Ask for a new one below.',
  invalid: 'That sign-in link is not valid. Ask for a new one below.',
};

export default function SignIn() {
  const params = new URLSearchParams(location.search);
  const linkError = params.get('error');
  const [email, setEmail] = useState('');
  const request = useMutation({ mutationFn: requestSignInLink });

  return (
    <main className="signin" id="main">
      <h1>Sign in to Countersign</h1>
      {linkError ? (
        <p className="notice error" role="alert">
          {LINK_ERRORS[linkError] ?? LINK_ERRORS.invalid}
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
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            request.mutate(email.trim());
          }}
        >
          <label className="field">
            <span>Email address</span>
            <input
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </label>
          {request.isError ? (
            <p className="error-text" role="alert">
              {errorText(request.error)}
            </p>
          ) : null}
          <button type="submit" className="primary" disabled={request.isPending}>
            {request.isPending ? 'Sending…' : 'Email me a sign-in link'}
          </button>
        </form>
      )}
    </main>
  );
}
