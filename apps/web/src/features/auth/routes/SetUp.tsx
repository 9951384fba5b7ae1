import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { TextField } from '../../../components/Field.tsx';
import { Form } from '../../../components/Form.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { completeFirstRun, meKey, useFirstRun } from '../api/auth.ts';
import { useFragmentToken } from '../fragment-token.ts';

// First run without a shell (docs/web-app.md): `pnpm start` on an empty server prints /app/setup#token=....

const spent = (err: unknown) => err instanceof ApiError && err.code === 'setup_complete';

function SetUpDone() {
  return (
    <main className="signin" id="main">
      <h1>Countersign is set up</h1>
      <p>This server has an account already, so its setup link no longer works.</p>
      <p>
        <Link href="/sign-in">Sign in</Link> instead, or ask an owner of the account to invite you.
      </p>
    </main>
  );
}

export default function SetUp() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const token = useFragmentToken();
  const status = useFirstRun();
  const [accountName, setAccountName] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const create = useMutation({
    mutationFn: completeFirstRun,
    onSuccess: (me) => {
      history.replaceState(null, '', location.pathname);
      queryClient.setQueryData(meKey, me);
      queryClient.setQueryData(['first-run'], { needed: false });
      navigate('/sessions', { replace: true });
    },
  });
  if (status.data?.needed === false || spent(create.error)) return <SetUpDone />;
  if (!token) {
    return (
      <main className="signin" id="main">
        <h1>Set up Countersign</h1>
        <p>
          Open the setup link that <code>pnpm start</code> printed in its log: it holds the key that lets you
          create the first account.
        </p>
      </main>
    );
  }
  return (
    <main className="signin" id="main">
      <h1>Set up Countersign</h1>
      <p>Create the first account and become its owner. You can invite others once you are in.</p>
      <Form
        className="stack"
        aria-label="Create the first account"
        onSubmit={() =>
          create.mutate({ token, accountName: accountName.trim(), name: name.trim(), email: email.trim() })
        }
      >
        <TextField
          label="Organisation"
          name="organization"
          autoComplete="organization"
          required
          maxLength={200}
          value={accountName}
          onValue={setAccountName}
        />
        <TextField
          label="Your name"
          name="name"
          autoComplete="name"
          required
          maxLength={200}
          value={name}
          onValue={setName}
        />
        <TextField
          label="Your email address"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onValue={setEmail}
        />
        <ErrorNotice error={create.error} inline />
        <button type="submit" className="primary" disabled={create.isPending || create.isSuccess}>
          {create.isPending || create.isSuccess ? 'Creating…' : 'Create the account'}
        </button>
      </Form>
    </main>
  );
}
