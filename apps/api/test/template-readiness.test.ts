import { sessions, templateFields } from '@countersign/db';
import type { ErrorResponse, SigningErrorResponse } from '@countersign/schemas';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTemplate, signatureField } from './fixtures/templates.ts';
import { type SigningWorld, startSigningWorld } from './signing-setup.ts';
import { WebClient } from './web-support.ts';

// Nothing broken goes out: a template the designer flags is refused at send (422 template_not_ready), and a
// signer with no signature field cannot sign, so no session completes without every signature.

let world: SigningWorld;
beforeAll(async () => {
  world = await startSigningWorld();
}, 60_000);
afterAll(() => world?.close());

const recipient = (label: string, i = 0) => ({
  label,
  name: `${label} ${i}`,
  email: `${label}.${i}@example.test`,
});

describe('POST /api/templates/send of a template that is not ready', () => {
  it('answers 422 template_not_ready naming each problem by field label and role, creating nothing', async () => {
    const account = await world.api.newAccount('Not Ready Ltd', 'owner@not-ready.test');
    // Buyer signs; Seller only initials: the designer shows "Seller has no signature field".
    const template = await createTestTemplate(world.api, account.accountId, {
      roles: ['Buyer', 'Seller'],
      fields: [
        signatureField('Buyer', 600),
        {
          label: 'Seller initials',
          type: 'initials',
          role: 'Seller',
          page: 1,
          x: 400,
          y: 700,
          width: 60,
          height: 30,
        },
      ],
    });
    const countSessions = async () =>
      (
        await world.api.runtime.ctx.db
          .select()
          .from(sessions)
          .where(eq(sessions.accountId, account.accountId))
      ).length;
    for (const entries of [1, 3]) {
      const res = await world.api.post(
        '/api/templates/send',
        {
          templateId: template.templateId,
          signingRequests: Array.from({ length: entries }, (_, i) => ({
            recipients: [recipient('Buyer', i), recipient('Seller', i)],
          })),
          notify: false,
        },
        account.accessToken,
      );
      expect(res.status).toBe(422);
      const body = (await res.json()) as ErrorResponse;
      expect(body).toEqual({
        error: 'template_not_ready',
        message: 'the template is not ready to send: Seller has no signature field',
      });
    }
    expect(await countSessions()).toBe(0);
  });

  it('names a field of no size by its label and role, never by its position', async () => {
    const account = await world.api.newAccount('Zero Ltd', 'owner@zero.test');
    const template = await createTestTemplate(world.api, account.accountId, {
      roles: ['Client'],
      fields: [signatureField('Client', 600)],
    });
    // A template stored before the rules were shared (or by a path that skipped them): the send checks again.
    await world.api.runtime.ctx.db
      .update(templateFields)
      .set({ width: 0 })
      .where(eq(templateFields.templateId, template.templateId));
    const res = await world.api.post(
      '/api/templates/send',
      {
        templateId: template.templateId,
        signingRequests: [{ recipients: [recipient('Client')] }],
        notify: false,
      },
      account.accessToken,
    );
    expect(res.status).toBe(422);
    const { message } = (await res.json()) as ErrorResponse;
    expect(message).toBe(
      'the template is not ready to send: "Client signature" (Client) is 0 x 40 points: it needs a width and height above 0',
    );
  });

  it("refuses the designer's test send the same way", async () => {
    const account = await world.api.newAccount('Test Not Ready Ltd', 'owner@test-not-ready.test');
    const web = await WebClient.forMember(world.api, account.ownerMemberId);
    const template = await createTestTemplate(world.api, account.accountId, {
      roles: ['Client', 'Witness'],
      fields: [signatureField('Client', 600)],
    });
    const res = await web.post(`/api/templates/${template.templateId}/test`);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: 'template_not_ready',
      message: 'the template is not ready to send: Witness has no signature field',
    });
  });

  it('names the field by label in a refused save (the autosave) too', async () => {
    const account = await world.api.newAccount('Save Ltd', 'owner@save.test');
    const web = await WebClient.forMember(world.api, account.ownerMemberId);
    const template = await createTestTemplate(world.api, account.accountId, { roles: ['Client'] });
    const res = await web.fetch('PUT', `/api/templates/${template.templateId}`, {
      version: 1,
      name: 'Save',
      roles: ['Client'],
      fields: [{ ...signatureField('Client', 600, { x: 500 }), document: 'document.pdf' }],
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorResponse).message).toBe(
      '"Client signature" (Client) is partly off the page (x 500, y 600, 180 x 40 on a page of 612 x 792 points)',
    );
  });
});

describe('signing a session whose signer has no signature field', () => {
  it('refuses that signer with 409 no_signature_field; the session never completes', async () => {
    const template = await createTestTemplate(world.api, world.accountId, { roles: ['Client', 'Witness'] });
    const sent = await world.sendTemplate({
      templateId: template.templateId,
      recipients: [
        { label: 'Client', name: 'Cleo Client' },
        { label: 'Witness', name: 'Wes Witness' },
      ],
      authRequirement: 'public',
    });
    // A session sent before sends were checked: its Witness has no signature field (sessions read the
    // template version's rows, so removing the row makes one).
    await world.api.runtime.ctx.db
      .delete(templateFields)
      .where(
        and(
          eq(templateFields.templateId, template.templateId),
          eq(templateFields.label, 'Witness signature'),
        ),
      );
    const [client, witness] = sent.tokens.map((t) => world.signer(t));
    const signature = { kind: 'typed' as const, value: 'Signed' };
    expect((await client!.sign({ values: [], signature })).status).toBe(200);
    const refused = await witness!.sign({ values: [], signature });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as SigningErrorResponse).error).toBe('no_signature_field');
    const [row] = await world.api.runtime.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sent.sessionId));
    expect(row!.status).toBe('active');
  });
});

describe('own-PDF sends', () => {
  it('give every signer a signature field of their own', async () => {
    const sent = await world.send({
      recipients: [{ name: 'Ann One' }, { name: 'Bo Two' }, { name: 'Cy Three' }],
      authRequirement: 'public',
    });
    for (const token of sent.tokens) {
      const { fields } = await world.signer(token).view();
      expect(fields.filter((f) => f.mine && f.type === 'signature').length).toBeGreaterThan(0);
    }
  });
});
