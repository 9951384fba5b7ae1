import { z } from 'zod';
import {
  DriveError,
  DriveFileNotFoundError,
  DriveFileNotPdfError,
  DriveFileTooLargeError,
  DriveUnavailableError,
} from '../errors.ts';
import type { DriveFile, DriveLimits, DriveProvider } from '../types.ts';
import { BodyTooLargeError, discardBody, readBodyCapped, readErrorJson } from './body.ts';
import { errorFromDriveAnswer } from './error-answers.ts';
import { getFollowingRedirects, type RedirectPolicy, RedirectRefusedError } from './redirects.ts';
import {
  refreshTokenSource,
  staticTokenSource,
  TokenExchangeError,
  type TokenSource,
} from './token-source.ts';

export type GoogleDriveCredentials =
  | { clientId: string; clientSecret: string; refreshToken: string }
  | { accessToken: string };

export interface GoogleDriveOptions extends DriveLimits {
  baseUrl?: string;
  tokenUrl?: string;
  credentials: GoogleDriveCredentials;
  /**
   * Hosts (`URL.host`, with the port when not the default) a download may be redirected to,
   * in addition to the baseUrl host. The bearer token is only ever sent to the baseUrl origin.
   */
  allowedRedirectHosts?: string[];
  fetch?: typeof fetch;
}

export const GOOGLE_DRIVE_BASE_URL = 'https://www.googleapis.com';
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

// Drive ids are URL-safe base64-ish; anything else cannot exist, so it never reaches the network.
const GOOGLE_FILE_ID = /^[A-Za-z0-9_-]{1,256}$/;
// Docs, Sheets, Slides, folders, shortcuts...: no bytes behind them, alt=media refuses them.
const GOOGLE_NATIVE_PREFIX = 'application/vnd.google-apps.';
const METADATA_BODY_CAP = 1024 * 1024;

const metadataSchema = z.object({
  id: z.string(),
  name: z.string(),
  mimeType: z.string(),
  // Drive sends int64 as a string; Google-native documents have no size.
  size: z.union([z.string().regex(/^\d+$/).transform(Number), z.number().int().nonnegative()]).optional(),
});

interface Call {
  fileId: string;
  signal: AbortSignal;
}

function parseHttpUrl(value: string, name: string): URL {
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new TypeError(`${name} must be an http(s) URL`);
  return url;
}

/**
 * Google Drive v3. `stat` and `read` both refuse Google-native documents (`DriveFileNotPdfError`)
 * and files whose metadata size is over `maxBytes`; `read` also counts the streamed bytes.
 * `timeoutMs` bounds each call as a whole: token exchange, metadata, redirects and download.
 */
export function createGoogleDrive(opts: GoogleDriveOptions): DriveProvider {
  const base = parseHttpUrl(opts.baseUrl ?? GOOGLE_DRIVE_BASE_URL, 'baseUrl');
  const tokenUrl = parseHttpUrl(opts.tokenUrl ?? GOOGLE_TOKEN_URL, 'tokenUrl');
  const fetchFn = opts.fetch ?? globalThis.fetch;
  const { maxBytes, timeoutMs } = opts;
  const credentials = opts.credentials;
  const tokens: TokenSource =
    'accessToken' in credentials
      ? staticTokenSource(credentials.accessToken)
      : refreshTokenSource({ ...credentials, tokenUrl: tokenUrl.href, timeoutMs, fetch: fetchFn });
  const policy: RedirectPolicy = {
    baseOrigin: base.origin,
    protocol: base.protocol,
    allowedHosts: new Set([base.host, ...(opts.allowedRedirectHosts ?? []).map((h) => h.toLowerCase())]),
  };
  const filesPrefix = `${base.href.replace(/\/+$/, '')}/drive/v3/files/`;
  const fileUrl = (fileId: string, query: string) =>
    new URL(`${filesPrefix}${encodeURIComponent(fileId)}?${query}`);

  async function run<T>(fileId: string, op: (call: Call) => Promise<T>): Promise<T> {
    if (!GOOGLE_FILE_ID.test(fileId)) throw new DriveFileNotFoundError(fileId);
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      return await op({ fileId, signal });
    } catch (err) {
      if (err instanceof DriveError) throw err;
      let reason = 'drive unreachable';
      if (signal.aborted) reason = `no answer within ${timeoutMs} ms`;
      else if (err instanceof TokenExchangeError || err instanceof RedirectRefusedError) reason = err.message;
      throw new DriveUnavailableError(fileId, reason, { cause: err });
    }
  }

  /** One refresh and retry on 401: the cached token may have been revoked or expired early. */
  async function authorizedGet(call: Call, url: URL): Promise<Response> {
    let token = await tokens.get(call.signal);
    let res = await getFollowingRedirects(fetchFn, url, token, policy, call.signal);
    if (res.status === 401 && tokens.canRefresh) {
      await discardBody(res);
      tokens.invalidate(token);
      token = await tokens.get(call.signal);
      res = await getFollowingRedirects(fetchFn, url, token, policy, call.signal);
    }
    if (!res.ok) throw errorFromDriveAnswer(call.fileId, res.status, await readErrorJson(res));
    return res;
  }

  async function metadata(call: Call): Promise<DriveFile> {
    const { fileId } = call;
    const res = await authorizedGet(
      call,
      fileUrl(fileId, 'fields=id,name,mimeType,size&supportsAllDrives=true'),
    );
    let meta: z.infer<typeof metadataSchema>;
    try {
      const bytes = await readBodyCapped(res, METADATA_BODY_CAP);
      meta = metadataSchema.parse(JSON.parse(new TextDecoder().decode(bytes)));
    } catch (err) {
      if (call.signal.aborted) throw err;
      if (!(err instanceof BodyTooLargeError || err instanceof SyntaxError || err instanceof z.ZodError))
        throw err;
      throw new DriveUnavailableError(fileId, 'drive sent unreadable metadata', { cause: err });
    }
    if (meta.mimeType.startsWith(GOOGLE_NATIVE_PREFIX)) throw new DriveFileNotPdfError(fileId, meta.mimeType);
    const size = meta.size ?? 0;
    if (size > maxBytes) throw new DriveFileTooLargeError(fileId, maxBytes);
    return { id: fileId, filename: meta.name, size, mimeType: meta.mimeType };
  }

  async function download(call: Call): Promise<Uint8Array> {
    const { fileId } = call;
    await metadata(call);
    const res = await authorizedGet(call, fileUrl(fileId, 'alt=media&supportsAllDrives=true'));
    const encoding = res.headers.get('content-encoding');
    const declared = Number(res.headers.get('content-length'));
    if ((!encoding || encoding === 'identity') && declared > maxBytes) {
      await discardBody(res);
      throw new DriveFileTooLargeError(fileId, maxBytes);
    }
    try {
      return await readBodyCapped(res, maxBytes);
    } catch (err) {
      if (err instanceof BodyTooLargeError) throw new DriveFileTooLargeError(fileId, maxBytes);
      throw err;
    }
  }

  return {
    stat: (fileId) => run(fileId, metadata),
    read: (fileId) => run(fileId, download),
  };
}
