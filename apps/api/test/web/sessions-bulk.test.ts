import { describe, expect, it } from 'vitest';
import { sendSession } from '../purge-support.ts';
import { signedInPage } from './app-support.ts';
import { appWorld, atBothWidths, closeClean, dropExpectedProblems, tabTo } from './browser.ts';

// Several sessions at once from the sessions list (issue 31, part 4): selected by keyboard, reminded through
// POST /api/sessions/remind and cancelled one by one through POST /api/sessions/cancel, each outcome said.

const world = appWorld();

describe('acting on several sessions from the list', () => {
  it('reminds and cancels the selected sessions, and says which could not be', async () => {
    const account = await world.api.newAccount('Bulk Ltd', 'owner@bulk.test');
    const target = { ctx: world.api.runtime.ctx, post: world.api.post };
    const send = (title: string, name: string) =>
      sendSession(target, account.accessToken, account.accountId, {
        title,
        name,
        email: `${name.toLowerCase()}@bulk.test`,
      });
    const first = await send('Lease one', 'Una');
    const second = await send('Lease two', 'Duo');
    const page = await signedInPage(world, account.ownerMemberId);
    await page.goto(`${world.api.url}/app/sessions`);
    const list = page.getByRole('region', { name: 'Session list' });
    await list.getByRole('link', { name: 'Lease two' }).waitFor();

    // By keyboard: both rows ticked, then Remind.
    for (const title of ['Lease two', 'Lease one']) {
      await tabTo(page, `input[aria-label="Select ${title}"]`);
      await page.keyboard.press('Space');
    }
    const bar = page.getByRole('region', { name: 'Selected sessions' });
    await bar.getByText('2 sessions selected').waitFor();
    await tabTo(page, '.bulk button:has-text("Remind")');
    await page.keyboard.press('Enter');
    await bar.getByText('Reminded 2 people.').waitFor();
    await atBothWidths(page, 'sessions-bulk', bar);
    for (const s of [first, second]) {
      const audit = (await (
        await world.api.fetch(`/api/sessions/${s.sessionId}/audit`, {
          headers: { authorization: `Bearer ${account.accessToken}` },
        })
      ).json()) as { events: { type: string }[] };
      expect(audit.events.filter((e) => e.type === 'invite.resent')).toHaveLength(1);
    }

    // The first is cancelled on its own; then both, with a reason: one cancelled, one already was.
    expect(
      (await world.api.post('/api/sessions/cancel', { sessionId: first.sessionId }, account.accessToken))
        .status,
    ).toBe(200);
    await bar.getByRole('button', { name: 'Cancel…' }).click();
    await page.getByLabel('Reason (sent to the signers)').last().fill('Sent by mistake');
    await bar.getByRole('button', { name: 'Cancel 2 sessions' }).click();
    await bar.getByText('Cancelled 2 sessions.').waitFor();
    const statusOf = async (id: string) =>
      (await (
        await world.api.fetch(`/api/sessions/${id}`, {
          headers: { authorization: `Bearer ${account.accessToken}` },
        })
      ).json()) as { status: string; cancelReason: string | null };
    expect(await statusOf(second.sessionId)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Sent by mistake',
    });
    // Reminding ended sessions says why, for each.
    await bar.getByRole('button', { name: 'Remind' }).click();
    await bar.getByText(/Reminded 0 people\. Not reminded: the session is cancelled/).waitFor();
    await bar.getByRole('button', { name: 'Clear the selection' }).click();
    await expect.poll(() => bar.count()).toBe(0);
    dropExpectedProblems(world.problems, /status of 409/);
    await closeClean(world, page);
  }, 120_000);
});
