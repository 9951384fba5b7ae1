import { createSignInLink } from '@countersign/core';
import { expect } from 'vitest';
import type { TestApi } from './harness.ts';

/** The token of an emailed or printed sign-in link (it travels in the URL fragment). */
export const linkToken = (url: string): string => {
  const token = /#token=([A-Za-z0-9_-]+)/.exec(url)?.[1];
  if (!token) throw new Error(`no sign-in token in ${url}`);
  return token;
};

/** A browser-like client of the web API: keeps the session cookie and sends the CSRF token like the app does. */
export class WebClient {
  constructor(
    readonly api: TestApi,
    readonly cookie: string,
    readonly csrfToken: string,
  ) {}

  /** Signs in with a link token through the real verify route. */
  static async signIn(api: TestApi, token: string): Promise<WebClient> {
    const res = await api.post('/api/auth/sign-in/verify', { token });
    expect(res.status).toBe(200);
    const setCookie = res.headers.get('set-cookie') ?? '';
    const cookie = /^(cs_session=[^;]+)/.exec(setCookie)?.[1];
    if (!cookie) throw new Error(`no session cookie in ${setCookie}`);
    const me = (await res.json()) as { csrfToken: string };
    return new WebClient(api, cookie, me.csrfToken);
  }

  /** Signs in as a member directly through a link made as `pnpm cli accounts create` makes it. */
  static async forMember(api: TestApi, memberId: string): Promise<WebClient> {
    const { url } = await createSignInLink(api.runtime.ctx, memberId);
    return WebClient.signIn(api, linkToken(url));
  }

  /** A same-origin request from the app: cookie, Origin and (on writes) the CSRF header. */
  fetch(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const write = !['GET', 'HEAD'].includes(method);
    return this.api.fetch(path, {
      method,
      headers: {
        cookie: this.cookie,
        ...(write
          ? { origin: this.api.url, 'x-csrf-token': this.csrfToken, 'sec-fetch-site': 'same-origin' }
          : {}),
        ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
  }

  get = (path: string) => this.fetch('GET', path);
  post = (path: string, body?: unknown) => this.fetch('POST', path, body ?? {});
  patch = (path: string, body: unknown, headers?: Record<string, string>) =>
    this.fetch('PATCH', path, body, headers);
  delete = (path: string) => this.fetch('DELETE', path);
}
