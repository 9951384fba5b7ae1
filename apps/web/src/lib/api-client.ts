/**
 * The one typed client every feature uses. Same origin, cookie session; every write carries the CSRF token the
 * server handed out with the session (the server also checks Origin). Errors arrive in the API's one body shape
 * `{"error": code, "message": text}` and leave as ApiError so pages can show the server's reason.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

const CSRF_HEADER = 'X-CSRF-Token';
/** The session's CSRF token: handed out by GET /api/me and sign-in (derived from the HttpOnly cookie). */
let csrf: string | null = null;
export const setCsrfToken = (token: string | null) => {
  csrf = token;
};

async function csrfToken(): Promise<string | null> {
  if (csrf === null) {
    const res = await fetch('/api/me', {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    if (res.ok) csrf = ((await res.json()) as { csrfToken: string | null }).csrfToken;
  }
  return csrf;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body. */
  json?: unknown;
  /** Multipart body (uploads). */
  form?: FormData;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Sign-in calls: no session yet, so no CSRF token to fetch (the server checks their Origin instead). */
  anonymous?: boolean;
  /** Outlives the page (a save sent as the tab closes); the browser takes at most 64 KB of such bodies. */
  keepalive?: boolean;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const method = options.method ?? (options.json !== undefined || options.form ? 'POST' : 'GET');
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (method !== 'GET' && !options.anonymous) {
    // The known token without awaiting: a request made as the page closes must start before it is gone.
    const token = csrf ?? (await csrfToken());
    if (token) headers[CSRF_HEADER] = token;
  }
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  const res = await fetch(path, {
    method,
    headers,
    body,
    credentials: 'same-origin',
    signal: options.signal,
    keepalive: options.keepalive ?? false,
  });
  if (!res.ok) throw await toError(res);
  return res;
}

async function toError(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  const b = body as { error?: unknown; message?: unknown } | null;
  const code = typeof b?.error === 'string' ? b.error : `http_${res.status}`;
  const message = typeof b?.message === 'string' ? b.message : `${res.status} ${res.statusText}`;
  return new ApiError(res.status, code, message, body);
}

/** A JSON request; `undefined` for 204. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await send(path, options);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** A binary answer (PDF downloads go through links instead; this is for pdf.js). */
export async function apiBytes(path: string, signal?: AbortSignal): Promise<ArrayBuffer> {
  return (await send(path, { signal })).arrayBuffer();
}

export const isUnauthenticated = (err: unknown) => err instanceof ApiError && err.status === 401;
export const isConflict = (err: unknown) => err instanceof ApiError && err.status === 409;

export function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof Error) return err.message;
  return String(err);
}
