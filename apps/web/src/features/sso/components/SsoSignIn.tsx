import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { TextField } from '../../../components/Field.tsx';
import { Form } from '../../../components/Form.tsx';
import { startSso } from '../api/sso.ts';

/** The reason a single sign-on came back refused (`/app/sign-in?error=sso_failed&message=...`). */
const refusal = () => {
  const params = new URLSearchParams(location.search);
  return params.get('error')?.startsWith('sso_') ? params.get('message') : null;
};

/** "Sign in with single sign-on": a work address, then the browser goes to the account's identity provider. */
export function SsoSignIn() {
  const [open, setOpen] = useState(() => refusal() !== null);
  const [email, setEmail] = useState('');
  const start = useMutation({ mutationFn: startSso });
  const refused = refusal();

  return (
    <section className="stack signin-sso" aria-labelledby="sso-signin-title">
      <h2 id="sso-signin-title" className="visually-hidden">
        Single sign-on
      </h2>
      {refused ? (
        <p className="notice error" role="alert">
          Single sign-on failed: {refused}
        </p>
      ) : null}
      {open ? (
        <Form
          className="stack"
          aria-label="Sign in with single sign-on"
          onSubmit={() => start.mutate(email.trim())}
        >
          <TextField
            label="Work email address"
            type="email"
            name="sso-email"
            autoComplete="email"
            required
            value={email}
            onValue={setEmail}
          />
          <ErrorNotice error={start.error} inline />
          <button type="submit" className="primary" disabled={start.isPending || start.isSuccess}>
            {start.isPending || start.isSuccess
              ? 'Opening your sign-in page…'
              : 'Continue with single sign-on'}
          </button>
        </Form>
      ) : (
        <button type="button" onClick={() => setOpen(true)}>
          Sign in with single sign-on
        </button>
      )}
    </section>
  );
}
