import { afterAll, describe, expect, it } from 'vitest';
import { expectPdfResponse } from './fixtures/pdfs.ts';
import { errorOf, participantRow, signBody, startSigningWorld } from './signing-setup.ts';

const w = await startSigningWorld();
afterAll(() => w.close());

const MINUTE = 60_000;

describe('one-time codes', () => {
  it('hides documents and fields until a code is verified, then sets a scoped HttpOnly SameSite=Lax cookie', async () => {
    const s = await w.send({ recipients: [{ name: 'Ann Lee' }] });
    const ann = w.signer(s.tokens[0]!);

    const before = await ann.view();
    expect(before).toMatchObject({
      title: 'Offer letter',
      status: 'active',
      signingType: 'parallel',
      // Not viewed until the code is verified (opening the link is not seeing the documents).
      participant: { id: s.participantIds[0], name: 'Ann Lee', email: s.emails[0], status: 'notified' },
      auth: { required: true, verified: false, locked: false, lockedUntil: null },
      yourTurn: true,
      documents: [],
      fields: [],
      download: null,
    });
    // A forwarded link cannot fetch the PDF, sign or decline either.
    expect(await errorOf(await ann.request('GET', `/documents/${s.documentIds[0]}`))).toMatchObject({
      status: 401,
      error: 'verification_required',
    });
    expect((await errorOf(await ann.sign({ signature: { kind: 'typed', value: 'Ann Lee' } }))).error).toBe(
      'verification_required',
    );
    expect((await errorOf(await ann.decline())).error).toBe('verification_required');

    const sent = await ann.requestCode();
    expect(sent.status).toBe(200);
    const sentBody = (await sent.json()) as { sent: true; expiresAt: string; resendAfter: string };
    expect(Date.parse(sentBody.expiresAt) - w.clock.now()).toBe(10 * MINUTE);
    // Emailed although the session was sent with notify false; the email carries no way in by itself.
    const email = await w.smtp.waitFor(
      (m) => m.subject?.startsWith('Your verification code') === true && m.text?.includes('Ann') === true,
    );
    expect(email.text).not.toContain(s.tokens[0]);
    expect(email.html || '').not.toContain('/s/');

    const verified = await ann.verify(await w.codeFor(s.emails[0]!));
    expect(verified.status).toBe(200);
    const cookie = ann.setCookie!;
    expect(cookie).toMatch(/^countersign_signer=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toContain(`; Path=/api/signing/${s.tokens[0]}`);
    expect(cookie).toMatch(/; Max-Age=43200/);
    expect(cookie).not.toMatch(/; Secure/i); // PUBLIC_URL is http here

    const after = await ann.view();
    expect(after.auth).toEqual({ required: true, verified: true, locked: false, lockedUntil: null });
    expect(after.documents).toEqual([
      {
        id: s.documentIds[0],
        filename: 'Offer letter.pdf',
        pageCount: expect.any(Number),
        url: `${w.api.config.publicUrl}/api/signing/${s.tokens[0]}/documents/${s.documentIds[0]}`,
        // Pages are not drawn in this world (PAGE_IMAGES=0): the signer's browser draws the PDF.
        pageImages: null,
      },
    ]);
    // The two pages of the source plus the generated signature page.
    expect(after.documents[0]!.pageCount).toBeGreaterThanOrEqual(2);
    expect(after.fields.length).toBeGreaterThan(0);
    expect(after.fields.every((f) => f.mine)).toBe(true);
    const pdf = await ann.request('GET', `/documents/${s.documentIds[0]}`);
    await expectPdfResponse(pdf);
    expect((await participantRow(w, s.participantIds[0]!)).verifiedAt).toBe(w.clock.now());
  });

  it("binds the cookie to its participant: it opens nothing on another signer's link", async () => {
    const s = await w.send({ recipients: [{ name: 'Bo One' }, { name: 'Cy Two' }] });
    const bo = w.signer(s.tokens[0]!);
    await bo.verifyByEmail(s.emails[0]!);
    const cy = w.signer(s.tokens[1]!);
    cy.cookie = bo.cookie;
    const view = await cy.view();
    expect(view.auth.verified).toBe(false);
    expect(view.documents).toEqual([]);
    expect((await errorOf(await cy.request('GET', `/documents/${s.documentIds[0]}`))).error).toBe(
      'verification_required',
    );
  });

  it('sets the Secure flag when PUBLIC_URL is https', async () => {
    const { startTestApi } = await import('./harness.ts');
    const { startTestSmtpServer } = await import('@countersign/mail/testing');
    const smtp = await startTestSmtpServer();
    const api = await startTestApi({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://sign.example.test' } });
    try {
      const { localDrive } = await import('@countersign/core');
      const { makePdf } = await import('./fixtures/pdfs.ts');
      const account = await api.newAccount();
      const { cloudFileId } = await (await localDrive(api.runtime.ctx, account.accountId)).put(
        'a.pdf',
        await makePdf(1, 'secure-cookie'),
      );
      const res = await api.post(
        '/api/sessions/send',
        {
          cloudFileIds: [cloudFileId],
          signingRequests: [{ recipients: [{ name: 'Di', email: 'di@example.test' }] }],
        },
        account.accessToken,
      );
      const { rows } = (await res.json()) as { rows: { participants: { signingUrl: string }[] }[] };
      const token = rows[0]!.participants[0]!.signingUrl.split('/s/')[1]!;
      expect((await api.post(`/api/signing/${token}/code`, {})).status).toBe(200);
      const mail = await smtp.waitFor((m) => m.subject?.startsWith('Your verification code') === true);
      const code = /\b(\d{6})\b/.exec(mail.text ?? '')![1]!;
      const verified = await api.post(`/api/signing/${token}/code/verify`, { code });
      expect(verified.status).toBe(200);
      expect(verified.headers.get('set-cookie')).toMatch(/; Secure/i);
    } finally {
      await api.close();
      await smtp.close();
    }
  });

  it('uses a code once', async () => {
    const s = await w.send({ recipients: [{ name: 'Eve Once' }] });
    const eve = w.signer(s.tokens[0]!);
    expect((await eve.requestCode()).status).toBe(200);
    const code = await w.codeFor(s.emails[0]!);
    expect((await eve.verify(code)).status).toBe(200);
    expect(await errorOf(await eve.verify(code))).toMatchObject({ status: 400, error: 'code_expired' });
  });

  it('expires a code after 10 minutes', async () => {
    const s = await w.send({ recipients: [{ name: 'Fay Late' }] });
    const fay = w.signer(s.tokens[0]!);
    await fay.requestCode();
    const code = await w.codeFor(s.emails[0]!);
    w.clock.advance(10 * MINUTE);
    expect(await errorOf(await fay.verify(code))).toMatchObject({ status: 400, error: 'code_expired' });
    // A fresh code works.
    await fay.verifyByEmail(s.emails[0]!);
    expect((await fay.view()).auth.verified).toBe(true);
  });

  it('allows 5 wrong tries per code, then the code is dead even when right', async () => {
    const s = await w.send({ recipients: [{ name: 'Gus Guess' }] });
    const gus = w.signer(s.tokens[0]!);
    await gus.requestCode();
    const code = await w.codeFor(s.emails[0]!);
    const wrong = code === '000000' ? '000001' : '000000';
    const left: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await errorOf(await gus.verify(wrong));
      expect(res).toMatchObject({ status: 400, error: 'code_invalid' });
      left.push(res.attemptsLeft!);
    }
    expect(left).toEqual([4, 3, 2, 1, 0]);
    expect(await errorOf(await gus.verify(code))).toMatchObject({ status: 400, error: 'code_expired' });
    const failed = (await w.auditOf(s.sessionId)).filter((e) => e.type === 'code.failed');
    expect(failed.map((e) => e.data?.attemptsLeft)).toEqual([4, 3, 2, 1, 0]);
  });

  it('locks the signer out after 10 wrong codes, and a new code does not lift the lockout', async () => {
    const s = await w.send({ recipients: [{ name: 'Hal Lock' }] });
    const hal = w.signer(s.tokens[0]!);
    const email = s.emails[0]!;
    await hal.requestCode();
    let code = await w.codeFor(email);
    const wrongFor = (c: string) => (c === '111111' ? '222222' : '111111');
    for (let i = 0; i < 5; i++)
      expect((await errorOf(await hal.verify(wrongFor(code)))).error).toBe('code_invalid');
    w.clock.advance(31_000);
    await hal.requestCode();
    code = await w.codeFor(email);
    for (let i = 0; i < 4; i++)
      expect((await errorOf(await hal.verify(wrongFor(code)))).error).toBe('code_invalid');
    const tenth = await hal.verify(wrongFor(code));
    expect(tenth.status).toBe(429);
    expect(Number(tenth.headers.get('retry-after'))).toBe(30 * 60);
    expect((await errorOf(tenth)).error).toBe('code_locked');

    // Neither a new code nor the right one gets through while locked.
    w.clock.advance(31_000);
    const resend = await hal.requestCode();
    expect(resend.status).toBe(429);
    expect((await errorOf(resend)).error).toBe('code_locked');
    expect((await errorOf(await hal.verify(code))).error).toBe('code_locked');
    const view = await hal.view();
    expect(view.auth.locked).toBe(true);
    expect(Date.parse(view.auth.lockedUntil!)).toBeGreaterThan(w.clock.now());
    expect(view.documents).toEqual([]);

    w.clock.advance(30 * MINUTE);
    await hal.verifyByEmail(email);
    expect((await hal.view()).auth).toMatchObject({ verified: true, locked: false });
  });

  it('doubles each later lockout, up to a day, and a verified code starts the count again', async () => {
    const s = await w.send({ recipients: [{ name: 'Ike Guess' }] });
    const ike = w.signer(s.tokens[0]!);
    const email = s.emails[0]!;
    const wrongFor = (c: string) => (c === '111111' ? '222222' : '111111');
    /** Ten wrong codes (two codes of five tries); the tenth answer's Retry-After, in minutes. */
    const lockOut = async () => {
      let last: Response | undefined;
      for (let code = 0; code < 2; code++) {
        w.clock.advance(31_000);
        expect((await ike.requestCode()).status).toBe(200);
        const right = await w.codeFor(email);
        for (let i = 0; i < 5; i++) last = await ike.verify(wrongFor(right));
      }
      expect((await errorOf(last!.clone())).error).toBe('code_locked');
      const minutes = Number(last!.headers.get('retry-after')) / 60;
      w.clock.advance(minutes * MINUTE);
      return minutes;
    };
    const lockouts: number[] = [];
    for (let i = 0; i < 7; i++) lockouts.push(await lockOut());
    expect(lockouts).toEqual([30, 60, 120, 240, 480, 960, 1440]);

    await ike.verifyByEmail(email);
    expect((await ike.view()).auth).toMatchObject({ verified: true, locked: false });
    expect(await lockOut()).toBe(30);
  });

  it('limits resends to one per 30 seconds and 5 per hour, with Retry-After', async () => {
    const s = await w.send({ recipients: [{ name: 'Ida Resend' }] });
    const ida = w.signer(s.tokens[0]!);
    // Each code is read as soon as it is requested, so the mailbox order is the request order.
    const codes: string[] = [];
    const requestAndRead = async () => {
      const res = await ida.requestCode();
      if (res.status === 200) codes.push(await w.codeFor(s.emails[0]!));
      return res;
    };
    expect((await requestAndRead()).status).toBe(200);
    const tooSoon = await requestAndRead();
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeLessThanOrEqual(30);
    expect((await errorOf(tooSoon)).error).toBe('rate_limited');
    for (let i = 2; i <= 5; i++) {
      w.clock.advance(30_000);
      expect((await requestAndRead()).status).toBe(200);
    }
    w.clock.advance(30_000);
    const sixth = await requestAndRead();
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(30);
    w.clock.advance(60 * MINUTE);
    expect((await requestAndRead()).status).toBe(200);
    expect(codes).toHaveLength(6);
    // Only the newest code counts: the one before it is now simply wrong.
    expect((await errorOf(await ida.verify(codes[4] === codes[5] ? '999999' : codes[4]!))).error).toBe(
      'code_invalid',
    );
    expect((await ida.verify(codes[5]!)).status).toBe(200);
  });

  it('needs no code for public sessions', async () => {
    const s = await w.send({ recipients: [{ name: 'Jo Public' }], authRequirement: 'public' });
    const jo = w.signer(s.tokens[0]!);
    const view = await jo.view();
    expect(view.auth).toEqual({ required: false, verified: false, locked: false, lockedUntil: null });
    expect(view.documents).toHaveLength(1);
    expect(view.fields.length).toBeGreaterThan(0);
    expect(await errorOf(await jo.requestCode())).toMatchObject({ status: 400, error: 'code_not_required' });
    expect((await errorOf(await jo.verify('123456'))).error).toBe('code_not_required');
    expect((await jo.request('GET', `/documents/${s.documentIds[0]}`)).status).toBe(200);
    expect((await jo.sign(signBody(view))).status).toBe(200);
  });

  it('rejects malformed verification bodies', async () => {
    const s = await w.send({ recipients: [{ name: 'Kit Form' }] });
    const kit = w.signer(s.tokens[0]!);
    for (const body of [
      { code: '12345' },
      { code: 'abcdef' },
      { code: 123456 },
      { code: '123456', extra: 1 },
      {},
    ]) {
      const res = await kit.request('POST', '/code/verify', body);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).error).toBe('invalid_request');
    }
  });

  it('audits views, codes sent, verified and failed with time, IP and user agent', async () => {
    const s = await w.send({ recipients: [{ name: 'Lu Audit' }] });
    const lu = w.signer(s.tokens[0]!, 'Audit-Agent/2.0');
    // Opens before the code are not views (a mail scanner opens links too), and are recorded once an hour.
    for (let i = 0; i < 300; i++) await lu.request('GET');
    expect((await participantRow(w, s.participantIds[0]!)).viewedAt).toBeNull();
    await lu.requestCode();
    const code = await w.codeFor(s.emails[0]!);
    await lu.verify(code === '000000' ? '000001' : '000000');
    await lu.verify(code);
    await lu.view();
    const firstViewedAt = (await participantRow(w, s.participantIds[0]!)).viewedAt;
    expect(firstViewedAt).not.toBeNull();
    w.clock.advance(1000);
    await lu.view();
    expect((await participantRow(w, s.participantIds[0]!)).viewedAt).toBe(firstViewedAt);
    let trail = (await w.auditOf(s.sessionId)).filter((e) => e.participantId === s.participantIds[0]);
    let types = trail.map((e) => e.type).filter((t) => t !== 'invite.queued');
    expect(types).toEqual(['link.opened', 'code.sent', 'code.failed', 'code.verified', 'link.viewed']);
    // An hour later a view is recorded again (the cookie lasts longer than that).
    w.clock.advance(3_600_000);
    await lu.view();
    trail = (await w.auditOf(s.sessionId)).filter((e) => e.participantId === s.participantIds[0]);
    types = trail.map((e) => e.type).filter((t) => t !== 'invite.queued');
    expect(types.slice(-2)).toEqual(['link.viewed', 'link.viewed']);
    for (const e of trail.filter((x) => types.includes(x.type))) {
      expect(e.ip).toBe('127.0.0.1');
      expect(e.userAgent).toBe('Audit-Agent/2.0');
      expect(e.at).toBeGreaterThan(0);
    }
  });

  it('answers 404 for unknown links', async () => {
    for (const token of ['x'.repeat(43), 'short', 'a'.repeat(201)]) {
      const res = await w.signer(token).request('GET');
      expect(res.status).toBe(token.length > 200 ? 400 : 404);
    }
    expect(await errorOf(await w.signer('y'.repeat(43)).requestCode())).toMatchObject({
      status: 404,
      error: 'link_not_found',
    });
  });
});
