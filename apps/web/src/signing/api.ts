import type {
  AdoptedSignature,
  SigningCodeSent,
  SigningDraft,
  SigningErrorResponse,
  SigningSigned,
  SigningSignRequest,
  SigningTextCheck,
  SigningView,
} from '@countersign/schemas';
import { t } from './i18n.ts';
import { TOKEN } from './page.ts';

// The signer API (/api/signing/<token>), typed by its own schemas (type-only: no zod in the page).

const API = `/api/signing/${TOKEN}`;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly body: SigningErrorResponse | null;
  constructor(status: number, body: SigningErrorResponse | null) {
    const message = body?.message || t('error.status', { status });
    // Server messages are lowercase fragments; on the page they read as sentences.
    super(`${message[0]?.toUpperCase()}${message.slice(1)}${/[.!?]$/.test(message) ? '' : '.'}`);
    this.status = status;
    this.code = body?.error;
    this.body = body;
  }
}

/** A link that no longer leads to signing (cancelled, expired, declined, revoked, unknown). */
export const isGone = (err: unknown): err is ApiError =>
  err instanceof ApiError && (err.status === 410 || err.code === 'link_not_found');

export const errorCode = (err: unknown): string | undefined =>
  err instanceof ApiError ? err.code : undefined;

export const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** API URLs carry PUBLIC_URL; the page talks to the origin it was served from (same cookie, same CSP). */
export const sameOrigin = (url: string): string => new URL(url, location.href).pathname;

async function call<T>(method: string, path = '', body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(API + path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, { error: 'network', message: t('error.network') });
  }
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, data as SigningErrorResponse | null);
  return data as T;
}

type TextCheckRequest = {
  values?: { fieldId: string; value: string }[];
  signature?: AdoptedSignature;
  initials?: AdoptedSignature;
};

export const signerApi = {
  /** The view: the first read records the visit. */
  view: () => call<SigningView>('GET'),
  sendCode: () => call<SigningCodeSent>('POST', '/code'),
  verifyCode: (code: string) => call<unknown>('POST', '/code/verify', { code }),
  /** The layout the PDF will use for values, a typed signature or initials (docs/signing-text.md). */
  textCheck: (body: TextCheckRequest) => call<SigningTextCheck>('POST', '/text-check', body),
  saveDraft: (draft: SigningDraft) => call<unknown>('PUT', '/draft', draft),
  sign: (request: SigningSignRequest) => call<SigningSigned>('POST', '/sign', request),
  decline: (reason: string) => call<unknown>('POST', '/decline', reason ? { reason } : {}),
  /** Whether a signed document is stored yet (HEAD: asking records nothing); null when offline. */
  documentStatus: async (url: string): Promise<number | null> =>
    (await fetch(sameOrigin(url), { method: 'HEAD', credentials: 'same-origin' }).catch(() => null))
      ?.status ?? null,
};
