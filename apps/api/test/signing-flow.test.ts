import { deflateSync } from 'node:zlib';
import { participants } from '@countersign/db';
import type { SigningView } from '@countersign/schemas';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { box, createTestTemplate } from './fixtures/templates.ts';
import { queuedEmailsTo } from './queued-emails.ts';
import {
  errorOf,
  participantRow,
  type SendOptions,
  sessionCompleted,
  signBody,
  startSigningWorld,
  TINY_PNG,
} from './signing-setup.ts';

const w = await startSigningWorld();
afterAll(() => w.close());

const typed = (value: string) => ({ kind: 'typed' as const, value });
const DAY = 86_400_000;

async function verified(token: string, email: string) {
  const signer = w.signer(token);
  await signer.verifyByEmail(email);
  return signer;
}

async function sessionStatus(sessionId: string): Promise<Record<string, unknown>> {
  const res = await w.api.fetch(`/api/sessions/${sessionId}`, {
    headers: { authorization: `Bearer ${await w.accessToken()}` },
  });
  return (await res.json()) as Record<string, unknown>;
}

/** A template with a field of every kind for role Client, one for Witness and a sender-prefilled one. */
async function formTemplate() {
  return createTestTemplate(w.api, w.accountId, {
    roles: ['Client', 'Witness'],
    pages: 2,
    fields: [
      { label: 'Company', type: 'text', role: 'Client', ...box(1, 72, 100, 200, 20) },
      { label: 'Nickname', type: 'text', role: 'Client', required: false, ...box(1, 72, 130, 200, 20) },
      { label: 'Agree', type: 'checkbox', role: 'Client', ...box(1, 72, 160, 14, 14) },
      { label: 'Full name', type: 'name', role: 'Client', ...box(1, 72, 190, 200, 20) },
      { label: 'Start', type: 'date', role: 'Client', ...box(1, 72, 220, 100, 20) },
      { label: 'Reference', type: 'text', ...box(1, 300, 100, 150, 20) },
      { label: 'Client initials', type: 'initials', role: 'Client', ...box(1, 500, 740, 50, 24) },
      { label: 'Client initials', type: 'initials', role: 'Client', ...box(2, 500, 740, 50, 24) },
      { label: 'Client signature', type: 'signature', role: 'Client', ...box(2, 72, 600, 180, 40) },
      { label: 'Witness signature', type: 'signature', role: 'Witness', ...box(2, 320, 600, 180, 40) },
    ],
  });
}

const fieldOf = (view: SigningView, label: string) => view.fields.find((f) => f.label === label)!;
/** A sequential session with invites on, its recipients listed in the reverse of their signing order. */
const sendOutOfOrder = (
  second: { name: string; order: number },
  first: { name: string; order: number },
  options: Partial<SendOptions> = {},
) => w.send({ recipients: [second, first], signingType: 'sequential', notify: true, ...options });
/** Whether `m` is the "your turn" invite of a sequential session sent to `email`. */
const isTurnInvite = (email: string) => (m: ParsedMail) =>
  m.subject?.startsWith('Your turn to sign') === true && JSON.stringify(m.to).includes(email);

describe('signing', () => {
  it('records a signature with values, IP and user agent, and completes a one-signer session', async () => {
    const s = await w.send({ recipients: [{ name: 'Ann Marie Lee' }] });
    const ann = await verified(s.tokens[0]!, s.emails[0]!);
    const view = await ann.view();
    // The generated layout: initials on every page, a signature, and the automatic name and date.
    const kinds = new Set(view.fields.map((f) => f.type));
    expect(kinds).toEqual(new Set(['initials', 'signature', 'name', 'date']));
    for (const f of view.fields) {
      expect(f).toMatchObject({ mine: true, readOnly: true, value: null });
      expect(f.automatic).toBe(f.type === 'name' || f.type === 'date');
      expect(f.rect.width).toBeGreaterThan(0);
    }

    const res = await ann.sign({ values: [], signature: typed('Ann Marie Lee') });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { signed: true; signedAt: string; sessionCompleted: boolean };
    expect(body).toEqual({
      signed: true,
      signedAt: new Date(w.clock.now()).toISOString(),
      sessionCompleted: true,
    });

    const row = await participantRow(w, s.participantIds[0]!);
    expect(row.status).toBe('signed');
    expect(row.signature).toEqual({ kind: 'typed', value: 'Ann Marie Lee' });
    // No initials given: typed initials derived from the name, applied to every initials field.
    expect(row.initials).toEqual({ kind: 'typed', value: 'AML' });
    expect(row.signedIp).toBe('127.0.0.1');
    expect(row.signedUserAgent).toBe('signing-test/1.0');
    const signed = (await w.auditOf(s.sessionId)).find((e) => e.type === 'participant.signed')!;
    expect(signed).toMatchObject({
      participantId: s.participantIds[0],
      ip: '127.0.0.1',
      userAgent: 'signing-test/1.0',
    });

    expect(await errorOf(await ann.sign({ values: [], signature: typed('Ann') }))).toMatchObject({
      status: 409,
      error: 'already_signed',
    });
    expect((await errorOf(await ann.decline({ reason: 'changed my mind' }))).error).toBe('already_signed');
    const after = await ann.view();
    expect(after.participant.status).toBe('signed');
    expect(after.participant.signedAt).toBe(body.signedAt);
    expect(after.yourTurn).toBe(false);
    // The automatic fields now show what the final PDF will carry.
    expect(after.fields.find((f) => f.type === 'name')!.value).toBe('Ann Marie Lee');
    expect(after.fields.find((f) => f.type === 'date')!.value).toBe(body.signedAt.slice(0, 10));
  });

  it('fills template fields: own values, prefill the signer may change, defaults, required checks', async () => {
    const t = await formTemplate();
    const s = await w.sendTemplate({
      templateId: t.templateId,
      recipients: [
        { label: 'Client', name: 'Cleo Client' },
        { label: 'Witness', name: 'Wes Witness' },
      ],
      fields: [
        { label: 'Company', value: 'Prefilled Ltd' },
        { label: 'Reference', value: 'REF-1' },
      ],
    });
    const cleo = await verified(s.tokens[0]!, s.emails[0]!);
    const view = await cleo.view();
    expect(fieldOf(view, 'Company')).toMatchObject({
      mine: true,
      readOnly: false,
      value: 'Prefilled Ltd',
      required: true,
      type: 'text',
    });
    expect(fieldOf(view, 'Reference')).toMatchObject({ mine: false, readOnly: true, value: 'REF-1' });
    expect(fieldOf(view, 'Witness signature')).toMatchObject({ mine: false, readOnly: true });
    expect(fieldOf(view, 'Client signature')).toMatchObject({
      mine: true,
      readOnly: true,
      type: 'signature',
    });
    expect(fieldOf(view, 'Company').rect).toEqual({ x: 72, y: 100, width: 200, height: 20 });
    const id = (label: string) => fieldOf(view, label).id;
    /** Cleo signs (typed) with these values by field label, a label twice for two values; the refusal. */
    const refusedWith = async (...values: [label: string, value: string][]) =>
      errorOf(
        await cleo.sign({
          values: values.map(([label, value]) => ({ fieldId: id(label), value })),
          signature: typed('Cleo'),
        }),
      );

    // Another signer's field, the sender's prefill, the signer's own signature field, unknown ids: not allowed.
    for (const fieldId of [id('Witness signature'), id('Reference'), id('Client signature'), 'nope']) {
      const res = await errorOf(
        await cleo.sign({ values: [{ fieldId, value: 'x' }], signature: typed('Cleo') }),
      );
      expect(res).toMatchObject({ status: 400, error: 'field_not_allowed', fieldIds: [fieldId] });
    }
    expect((await refusedWith(['Company', 'A'], ['Company', 'B'])).error).toBe('invalid_request');
    // Checkboxes take "true" or "false" only.
    const badBox = await refusedWith(['Agree', 'yes']);
    expect(badBox).toMatchObject({ status: 400, error: 'invalid_field_value', fieldIds: [id('Agree')] });
    // A required checkbox must be checked; a required text cleared by the signer is missing.
    const missing = await refusedWith(['Agree', 'false'], ['Company', '  ']);
    expect(missing).toMatchObject({ status: 400, error: 'fields_missing' });
    expect(new Set(missing.fieldIds)).toEqual(new Set([id('Agree'), id('Company'), id('Start')]));
    // Invalid signatures.
    for (const signature of [
      typed('   '),
      typed('x'.repeat(101)),
      { kind: 'drawn', value: 'data:image/jpeg;base64,AAAA' },
      { kind: 'drawn', value: 'Cleo' },
    ]) {
      expect((await errorOf(await cleo.sign({ values: [], signature }))).error).toBe('invalid_signature');
    }
    const notPng = `data:image/png;base64,${Buffer.from('GIF89a not a png at all, really not').toString('base64')}`;
    expect(
      (
        await errorOf(
          await cleo.sign({
            values: [{ fieldId: id('Agree'), value: 'true' }],
            signature: { kind: 'drawn', value: notPng },
          }),
        )
      ).error,
    ).toBe('invalid_signature');
    // A PNG header with no pixel data (or truncated pixel data) would only fail at completion: refused now.
    const ihdr = (colorType: number) => {
      const chunk = Buffer.alloc(25);
      chunk.writeUInt32BE(13, 0);
      chunk.write('IHDR', 4, 'latin1');
      chunk.writeUInt32BE(200, 8);
      chunk.writeUInt32BE(60, 12);
      chunk[16] = 8; // bit depth
      chunk[17] = colorType;
      return chunk;
    };
    const magic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const pixels = deflateSync(Buffer.alloc(10)); // a complete stream, far short of 60 rows of 200 pixels
    const idat = Buffer.concat([Buffer.alloc(4), Buffer.from('IDAT', 'latin1'), pixels, Buffer.alloc(4)]);
    idat.writeUInt32BE(pixels.length, 0);
    for (const png of [Buffer.concat([magic, ihdr(6)]), Buffer.concat([magic, ihdr(2), idat])]) {
      const drawn = { kind: 'drawn', value: `data:image/png;base64,${png.toString('base64')}` };
      const refused = await errorOf(await cleo.sign({ values: [], signature: drawn }));
      expect(refused).toMatchObject({ status: 400, error: 'invalid_signature' });
      expect(refused.message).toContain('not a readable PNG');
    }
    // Decoding a drawing is work: an unknown link is answered before any of it.
    const unknown = await w.signer('A'.repeat(43)).sign({
      values: [],
      signature: {
        kind: 'drawn',
        value: `data:image/png;base64,${Buffer.concat([magic, ihdr(6)]).toString('base64')}`,
      },
    });
    expect(unknown.status).toBe(404);
    const huge = `data:image/png;base64,${Buffer.alloc(400 * 1024).toString('base64')}`;
    expect((await cleo.sign({ values: [], signature: { kind: 'drawn', value: huge } })).status).toBe(400);
    // Unknown properties are rejected.
    expect(
      (await errorOf(await cleo.sign({ values: [], signature: typed('Cleo'), extra: true }))).error,
    ).toBe('invalid_request');
    expect((await participantRow(w, s.participantIds[0]!)).status).not.toBe('signed');

    // A date field the signer fills is never dated for them: left empty, a required one is missing.
    const undated = await refusedWith(['Company', 'Cleo & Co'], ['Agree', 'true']);
    expect(undated).toMatchObject({ status: 400, error: 'fields_missing', fieldIds: [id('Start')] });

    // Changes the prefill, leaves the name to its default, draws the signature, types initials.
    const ok = await cleo.sign({
      values: [
        { fieldId: id('Company'), value: 'Cleo & Co' },
        { fieldId: id('Agree'), value: 'true' },
        { fieldId: id('Start'), value: '2027-01-15' },
      ],
      signature: { kind: 'drawn', value: TINY_PNG },
      initials: typed('CC'),
    });
    expect(ok.status).toBe(200);
    expect(await sessionCompleted(ok)).toBe(false);
    const afterView = await cleo.view();
    expect(fieldOf(afterView, 'Company').value).toBe('Cleo & Co');
    expect(fieldOf(afterView, 'Agree').value).toBe('true');
    expect(fieldOf(afterView, 'Full name').value).toBe('Cleo Client');
    expect(fieldOf(afterView, 'Start').value).toBe('2027-01-15');
    expect(fieldOf(afterView, 'Nickname').value).toBeNull();
    expect(fieldOf(afterView, 'Reference').value).toBe('REF-1');
    expect(afterView.fields.every((f) => f.readOnly)).toBe(true);
    const row = await participantRow(w, s.participantIds[0]!);
    expect(row.signature).toEqual({ kind: 'drawn', value: TINY_PNG });
    expect(row.initials).toEqual({ kind: 'typed', value: 'CC' });

    // The witness has nothing to fill but the signature.
    const wes = await verified(s.tokens[1]!, s.emails[1]!);
    const wesView = await wes.view();
    expect(wesView.fields.filter((f) => f.mine).map((f) => f.label)).toEqual(['Witness signature']);
    expect(fieldOf(wesView, 'Company')).toMatchObject({ mine: false, value: 'Cleo & Co' });
    const done = await wes.sign(signBody(wesView));
    expect(await sessionCompleted(done)).toBe(true);
  });

  it('enforces the order of sequential signing and invites the next signer when notify is true', async () => {
    const s = await sendOutOfOrder({ name: 'Second Sam', order: 2 }, { name: 'First Fran', order: 1 });
    const [samToken, franToken] = s.tokens;
    // Before the code, a forwarded link does not even say whom the session waits for.
    expect(await w.signer(samToken!).view()).toMatchObject({ yourTurn: false, waitingFor: [] });
    const sam = await verified(samToken!, s.emails[0]!);
    const samView = await sam.view();
    expect(samView).toMatchObject({
      signingType: 'sequential',
      yourTurn: false,
      waitingFor: [{ name: 'First Fran' }],
    });
    expect(samView.fields.every((f) => f.readOnly)).toBe(true);
    const early = await errorOf(await sam.sign(signBody(samView)));
    expect(early).toMatchObject({ status: 409, error: 'not_your_turn' });
    expect(early.message).toContain('First Fran');
    expect(w.smtp.messages.some(isTurnInvite(s.emails[0]!))).toBe(false);

    const fran = await verified(franToken!, s.emails[1]!);
    const franView = await fran.view();
    expect(franView).toMatchObject({ yourTurn: true, waitingFor: [] });
    const franSigned = await fran.sign(signBody(franView));
    expect(await sessionCompleted(franSigned)).toBe(false);

    // Fran's signature invites Sam, with Sam's own link.
    const invite = await w.smtp.waitFor(isTurnInvite(s.emails[0]!));
    expect(invite.text).toContain(`/s/${samToken}`);
    const now = await sam.view();
    expect(now).toMatchObject({ yourTurn: true, waitingFor: [] });
    const samSigned = await sam.sign(signBody(now));
    expect(samSigned.status).toBe(200);
    expect(await sessionCompleted(samSigned)).toBe(true);
  });

  it('signs sequentially in ascending order when the orders have gaps (10, 20), the next invited in turn', async () => {
    const s = await sendOutOfOrder(
      { name: 'Twenty Tess', order: 20 },
      { name: 'Ten Theo', order: 10 },
      { authRequirement: 'public' },
    );
    const [tessEmail, theoEmail] = s.emails;
    const [tessToken, theoToken] = s.tokens;
    const emailsTo = (email: string) => queuedEmailsTo(w.api, email);
    // Stored as the rank: order 10 signs first, order 20 second.
    const detail = (await sessionStatus(s.sessionId)) as {
      participants: { name: string; signingOrder: number; status: string }[];
    };
    expect(detail.participants.map((p) => [p.name, p.signingOrder, p.status])).toEqual([
      ['Twenty Tess', 2, 'pending'],
      ['Ten Theo', 1, 'notified'],
    ]);

    // The send invites Theo only.
    const invite = await w.smtp.waitFor((m) => JSON.stringify(m.to).includes(theoEmail!));
    expect(invite.text).toContain(`/s/${theoToken}`);
    expect(await emailsTo(theoEmail!)).toBe(1);
    expect(await emailsTo(tessEmail!)).toBe(0);

    const tess = w.signer(tessToken!);
    const tessView = await tess.view();
    expect(tessView).toMatchObject({ yourTurn: false, waitingFor: [{ name: 'Ten Theo' }] });
    expect(await errorOf(await tess.sign(signBody(tessView)))).toMatchObject({
      status: 409,
      error: 'not_your_turn',
    });
    expect(await emailsTo(tessEmail!)).toBe(0);

    const theo = w.signer(theoToken!);
    const theoSigned = await theo.sign(signBody(await theo.view()));
    expect(await sessionCompleted(theoSigned)).toBe(false);

    // Theo's signature invites Tess, with her own link.
    const next = await w.smtp.waitFor(isTurnInvite(tessEmail!));
    expect(next.text).toContain(`/s/${tessToken}`);
    const now = await tess.view();
    expect(now).toMatchObject({ yourTurn: true, waitingFor: [] });
    const tessSigned = await tess.sign(signBody(now));
    expect(await sessionCompleted(tessSigned)).toBe(true);
  });

  it('lets everyone sign at once in parallel', async () => {
    const s = await w.send({
      recipients: [{ name: 'Pat One' }, { name: 'Pat Two' }],
      authRequirement: 'public',
    });
    const two = w.signer(s.tokens[1]!);
    const one = w.signer(s.tokens[0]!);
    const [v1, v2] = [await one.view(), await two.view()];
    expect(v1.yourTurn && v2.yourTurn).toBe(true);
    expect(v1.fields.filter((f) => f.mine).length).toBeGreaterThan(0);
    expect(v1.fields.some((f) => !f.mine)).toBe(true);
    const first = await two.sign(signBody(v2));
    expect(await sessionCompleted(first)).toBe(false);
    const second = await one.sign(signBody(v1));
    expect(await sessionCompleted(second)).toBe(true);
  });

  it('declines: the session is declined, every link answers 410, with an audit event', async () => {
    const s = await w.send({ recipients: [{ name: 'Dee Cline' }, { name: 'Other Ola' }] });
    const dee = await verified(s.tokens[0]!, s.emails[0]!);
    expect((await dee.decline({ reason: 'x'.repeat(501) })).status).toBe(400);
    expect((await dee.decline({ reason: '' })).status).toBe(400);
    expect((await dee.decline({ why: 'no' })).status).toBe(400);
    const res = await dee.decline({ reason: 'The salary is wrong.' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ declined: true });

    const session = await sessionStatus(s.sessionId);
    expect(session).toMatchObject({ status: 'declined', declineReason: 'The salary is wrong.' });
    for (const token of s.tokens) {
      const signer = w.signer(token);
      expect(await errorOf(await signer.request('GET'))).toMatchObject({
        status: 410,
        error: 'session_declined',
      });
      expect((await errorOf(await signer.requestCode())).error).toBe('session_declined');
      expect((await errorOf(await signer.sign({ values: [], signature: typed('X') }))).status).toBe(410);
    }
    const event = (await w.auditOf(s.sessionId)).find((e) => e.type === 'participant.declined')!;
    expect(event).toMatchObject({
      participantId: s.participantIds[0],
      ip: '127.0.0.1',
      userAgent: 'signing-test/1.0',
    });
    expect(event.data).toEqual({ reason: 'The salary is wrong.' });
  });

  it('answers 410 for cancelled, expired and revoked links, and the page says why', async () => {
    const cancelled = await w.send({ recipients: [{ name: 'Can Celled' }] });
    const cancel = await w.api.post(
      '/api/sessions/cancel',
      { sessionId: cancelled.sessionId, reason: 'Wrong file' },
      await w.accessToken(),
    );
    expect(cancel.status).toBe(200);
    expect(await errorOf(await w.signer(cancelled.tokens[0]!).request('GET'))).toMatchObject({
      status: 410,
      error: 'session_cancelled',
    });
    const page = await w.api.fetch(`/s/${cancelled.tokens[0]}`);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('This signing request was cancelled');

    const revoked = await w.send({ recipients: [{ name: 'Rev Oked' }] });
    await w.api.runtime.ctx.db
      .update(participants)
      .set({ linkRevokedAt: w.clock.now() })
      .where(eq(participants.id, revoked.participantIds[0]!));
    expect(await errorOf(await w.signer(revoked.tokens[0]!).request('GET'))).toMatchObject({
      status: 410,
      error: 'link_revoked',
    });
    expect(await (await w.api.fetch(`/s/${revoked.tokens[0]}`)).text()).toContain(
      'This link no longer works',
    );

    // Expiry counts from the clock even before the sweep has marked the session.
    const expiring = await w.send({ recipients: [{ name: 'Ex Pired' }], expiresInDays: 1 });
    const ex = await verified(expiring.tokens[0]!, expiring.emails[0]!);
    w.clock.advance(DAY);
    expect(await errorOf(await ex.request('GET'))).toMatchObject({ status: 410, error: 'session_expired' });
    expect((await errorOf(await ex.sign({ values: [], signature: typed('Ex') }))).error).toBe(
      'session_expired',
    );
    const expiredPage = await w.api.fetch(`/s/${expiring.tokens[0]}`);
    expect(expiredPage.status).toBe(410);
    expect(await expiredPage.text()).toContain('This signing request has expired');

    const unknown = await w.api.fetch(`/s/${'z'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('This signing link is not valid');
  });

  it('offers the signed PDF after completion for the documented period, then 410', async () => {
    const s = await w.send({ recipients: [{ name: 'Com Pleted' }] });
    const signer = await verified(s.tokens[0]!, s.emails[0]!);
    expect((await signer.sign(signBody(await signer.view()))).status).toBe(200);

    // The completion job seals the PDF in the background: wait (bounded) for the session to complete.
    let view = await signer.view();
    for (let i = 0; i < 100 && !(view.status === 'completed' && view.download?.ready); i++) {
      await new Promise((r) => setTimeout(r, 100));
      view = await signer.view();
    }
    expect(view.status).toBe('completed');
    expect(view.download).toEqual({
      ready: true,
      availableUntil: new Date(
        Date.parse((await sessionStatus(s.sessionId)).completedAt as string) + 30 * DAY,
      ).toISOString(),
    });
    const pdf = await signer.request('GET', `/documents/${s.documentIds[0]}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toContain('(signed).pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.includes(Buffer.from('/ByteRange'))).toBe(true);

    // A later visit needs a fresh code, like any otp link.
    w.clock.advance(13 * 3_600_000);
    expect((await errorOf(await signer.request('GET', `/documents/${s.documentIds[0]}`))).error).toBe(
      'verification_required',
    );
    w.clock.advance(30 * DAY);
    expect(await errorOf(await signer.request('GET'))).toMatchObject({
      status: 410,
      error: 'download_expired',
    });
  });
});
