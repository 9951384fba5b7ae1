import { devMailbox } from '@countersign/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientSignatureTemplate } from './fixtures/templates.ts';
import { startTestApi, type TestApi } from './harness.ts';

import { WebClient } from './web-support.ts';

// The designer's "Test": the template sent to the signed-in member's own inbox, its signing page opened at once.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

describe('POST /api/templates/{id}/test', () => {
  it("sends the template to the member's own email and answers the signing page", async () => {
    const acme = await api.newAccount('Test Send Ltd', 'owner@testsend.test');
    const web = await WebClient.forMember(api, acme.ownerMemberId);
    const { templateId } = await clientSignatureTemplate(api, acme.accountId, 'Lease');
    const used = async () => ((await (await web.get('/api/allowance')).json()) as { used: number }).used;
    const usedBefore = await used();
    const before = Date.now();
    const res = await web.post(`/api/templates/${templateId}/test`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { email: string; sessionId: string; signingUrl: string };
    expect(body.email).toBe('owner@testsend.test');
    // A test session (docs/test-mode.md): marked, and free of the allowance.
    const session = (await (await web.get(`/api/sessions/${body.sessionId}`)).json()) as { test: boolean };
    expect(session.test).toBe(true);
    expect(await used()).toBe(usedBefore);
    const signing = await fetch(body.signingUrl.replace(/^https?:\/\/[^/]+/, api.url));
    expect(signing.status).toBe(200);
    const mailbox = devMailbox(api.runtime.ctx);
    await expect
      .poll(
        async () =>
          (await mailbox.list({ to: body.email })).filter((m) => Date.parse(m.date) >= before - 1000).length,
      )
      .toBeGreaterThan(0);
    const [invite] = (await mailbox.list({ to: body.email })).filter(
      (m) => Date.parse(m.date) >= before - 1000,
    );
    expect(invite?.subject).toMatch(/^\[TEST\]/);

    // A bearer token has no "own email"; another account's template is not found; strict body.
    expect((await api.post(`/api/templates/${templateId}/test`, {}, acme.accessToken)).status).toBe(403);
    const other = await api.newAccount('Other Ltd', 'owner@other-testsend.test');
    const stranger = await WebClient.forMember(api, other.ownerMemberId);
    expect((await stranger.post(`/api/templates/${templateId}/test`)).status).toBe(404);
    expect((await web.post(`/api/templates/${templateId}/test`, { to: 'x@y.z' })).status).toBe(400);
  }, 60_000);
});
