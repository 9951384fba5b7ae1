import type { Passkey, PasskeyList } from '@countersign/schemas';
import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import { useQuery } from '@tanstack/react-query';
import { api, setCsrfToken } from '../../../lib/api-client.ts';
import { deleteById, useRefetchingMutation } from '../../../lib/mutations.ts';
import type { Me } from './auth.ts';

// Passkeys: the browser's WebAuthn prompts (through @simplewebauthn/browser, which turns the server's JSON
// options into the binary the browser takes and the answer back) around the API's two-step ceremonies.

export const passkeysSupported = () => browserSupportsWebAuthn();

/** The browser's refusals in words a person can act on (the server's reasons arrive as ApiError already). */
export function passkeyProblem(err: unknown): Error {
  const name = err instanceof Error ? err.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError')
    return new Error('The passkey prompt was closed or timed out; nothing changed. Try again.');
  if (name === 'InvalidStateError') return new Error('This device already holds a passkey for your account.');
  if (name === 'SecurityError')
    return new Error('Passkeys only work at the address the service is configured with (PUBLIC_URL).');
  return err instanceof Error ? err : new Error(String(err));
}

/** Sign-in: any passkey the browser holds for this site (no email typed), then a cookie session. */
export async function signInWithPasskey(): Promise<Me> {
  const options = await api<PublicKeyCredentialRequestOptionsJSON>('/api/auth/sign-in/passkey/options', {
    json: {},
    anonymous: true,
  });
  let response: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    response = await startAuthentication({ optionsJSON: options });
  } catch (err) {
    throw passkeyProblem(err);
  }
  const me = await api<Me>('/api/auth/sign-in/passkey', { json: { response }, anonymous: true });
  setCsrfToken(me.csrfToken);
  return me;
}

const passkeysKey = ['passkeys'] as const;

export const usePasskeys = () =>
  useQuery({ queryKey: passkeysKey, queryFn: () => api<PasskeyList>('/api/me/passkeys') });

export const useAddPasskey = () =>
  useRefetchingMutation(passkeysKey, async (label: string) => {
    const options = await api<PublicKeyCredentialCreationOptionsJSON>('/api/me/passkeys/options', {
      json: {},
    });
    let response: Awaited<ReturnType<typeof startRegistration>>;
    try {
      response = await startRegistration({ optionsJSON: options });
    } catch (err) {
      throw passkeyProblem(err);
    }
    return api<Passkey>('/api/me/passkeys', { json: { response, ...(label ? { label } : {}) } });
  });

export const useRenamePasskey = () =>
  useRefetchingMutation(passkeysKey, (v: { passkeyId: string; label: string }) =>
    api<Passkey>(`/api/me/passkeys/${encodeURIComponent(v.passkeyId)}`, {
      method: 'PATCH',
      json: { label: v.label },
    }),
  );

export const useRemovePasskey = () => useRefetchingMutation(passkeysKey, deleteById('/api/me/passkeys'));
