import { validateMessageTemplate } from '@countersign/emails';
import {
  localeOf,
  type TemplateSendInvite,
  type TemplateSendRequest,
  type TemplateSendResponse,
} from '@countersign/schemas';
import { PRICES, requireAllowance } from '../../allowance/allowance.ts';
import type { ServiceContext } from '../../context.ts';
import type { DeliveryOutcome } from '../../outbox/control.ts';
import { signingUrl } from '../../sessions/links.ts';
import { DAY_MS } from '../../support/clock.ts';
import { DomainError } from '../../support/errors.ts';
import { type LoadedTemplate, loadTemplate } from '../../templates/load.ts';
import { requireReadyToSend } from '../../templates/readiness.ts';
import { type CommittedEntries, commitEntries, type SessionSpec } from '../commit-entries.ts';
import { type RowProblem, requireEntryCount } from '../entry-rules.ts';
import { type CreatedSession, type NewSession, priceFor, type SendMode } from '../insert-sessions.ts';
import { deliverInvites, invitedAtSend } from '../invites.ts';
import {
  loadSendOutcome,
  saveSendOutcome,
  type TemplateSendOutcome,
  withAllowanceHeaders,
} from '../send-results.ts';
import { resolvePrefill } from './prefill.ts';

/**
 * POST /api/templates/send (spec 4.2): one session per entry from a template prepared at design time, so
 * a send never parses a PDF: each entry costs a few rows. A template that is not ready (422) and role problems
 * of the whole call (400) fail it with nothing created; problems of one entry fail that row only.
 */
export async function sendTemplate(
  ctx: ServiceContext,
  accountId: string,
  request: TemplateSendRequest,
  jobId: string,
  mode: SendMode = { test: false },
): Promise<TemplateSendOutcome> {
  const previous = await loadSendOutcome<TemplateSendOutcome>(ctx, jobId, accountId);
  if (previous) return previous;

  const entries = request.signingRequests;
  requireEntryCount(ctx, entries.length);
  if (request.messageTemplate !== undefined) {
    const checked = validateMessageTemplate(request.messageTemplate);
    if (!checked.ok) throw new DomainError('invalid_request', `messageTemplate: ${checked.message}`);
  }
  const template = await loadTemplate(ctx, accountId, request.templateId);
  requireReadyToSend(template);
  checkRoleMapping(template, request);
  const entryPrice = priceFor(mode, PRICES.templateSendEntry);
  await requireAllowance(ctx, accountId, entryPrice);

  const problems = new Map<number, RowProblem>();
  const valid = new Map<number, Pick<SessionSpec, 'participants' | 'prefill'>>();
  const options = {
    senderName: request.senderName,
    subject: request.subject,
    message: request.message,
    messageTemplate: request.messageTemplate,
    cc: request.cc,
    replyToEmail: request.replyToEmail,
    sendInitialNotification: request.sendInitialNotification,
    remindersEnabled: request.remindersEnabled,
    reminderDaysBeforeExpiry: request.reminderDaysBeforeExpiry,
    // The template's default language stands in for a send that names none (the page and emails read this).
    locale: request.locale ?? localeOf(template.template.defaultLocale) ?? undefined,
  };
  const expiresAt = ctx.clock.now() + request.expiresInDays * DAY_MS;
  const documents = template.documents.map((d) => ({
    filename: d.filename,
    cloudFileId: null,
    sourceSha256: d.sourceSha256,
    preparedSha256: d.preparedSha256,
    templateDocumentId: d.id,
    pageCount: d.pageCount,
  }));
  const roleByLabel = new Map(template.roles.map((r) => [r.label.toLowerCase(), r]));

  for (const [row, entry] of entries.entries()) {
    const participants = assignRoles(entry.recipients, roleByLabel);
    if ('error' in participants) {
      problems.set(row, participants);
      continue;
    }
    const prefill = resolvePrefill(template, entry.fields);
    if ('error' in prefill) {
      problems.set(row, prefill);
      continue;
    }
    valid.set(row, { participants: participants.list, prefill: prefill.values });
  }

  // Spec 4.2: always 200, each row created or failed; a row's invite reads `sent` while it is queued.
  const answer = async (made: CommittedEntries, delivered: Map<string, DeliveryOutcome>) =>
    await withAllowanceHeaders(ctx, accountId, {
      status: 200 as const,
      body: toResponse(ctx, request, template, entries.length, made, problems, delivered),
    });
  const created = await commitEntries(ctx, {
    accountId,
    jobId,
    entryPrice,
    rows: [...valid.keys()],
    build: (row) => ({
      accountId,
      source: 'template',
      templateId: template.template.id,
      sendJobId: jobId,
      rowIndex: row,
      title: template.template.name,
      signingType: request.signingType,
      authRequirement: request.authRequirement,
      notify: request.notify,
      options,
      expiresAt,
      documents,
      ...valid.get(row)!,
      test: mode.test,
      sentByMemberId: mode.sentBy ?? null,
      retentionDays: request.retentionDays,
    }),
    problems,
    notify: request.notify,
    bulkBatch: entries.length >= 2 ? { templateId: template.template.id, entryCount: entries.length } : null,
    answer: async (made) => await answer(made, new Map()),
  });
  if (created.invites.length === 0) return created.answer;

  const delivered = await deliverInvites(ctx, created.invites);
  // The rest of what was queued (cc copies) goes out with the outbox's next pass. Kicked only now: a pass
  // started earlier would claim the invites this call delivers itself, and they would read as failed.
  ctx.outbox.kick();
  const outcome = await answer(created, delivered);
  await saveSendOutcome(ctx, jobId, accountId, outcome);
  return outcome;
}

/** Entries named in an `unmapped_placeholders` message; the rest are counted. */
const UNMAPPED_ENTRIES_NAMED = 5;

/**
 * Spec 4.2: every recipient label must name a role, and every entry needs a recipient for every template role.
 * Either problem rejects the whole call (400) before anything is created.
 */
function checkRoleMapping(template: LoadedTemplate, request: TemplateSendRequest): void {
  const roles = new Map(template.roles.map((r) => [r.label.toLowerCase(), r.label]));
  const lacking: { row: number; roles: string[] }[] = [];
  const unknown: string[] = [];
  for (const [row, entry] of request.signingRequests.entries()) {
    const mapped = new Set<string>();
    for (const [i, r] of entry.recipients.entries()) {
      const key = r.label.toLowerCase();
      if (roles.has(key)) mapped.add(key);
      else unknown.push(`signingRequests[${row}].recipients[${i}].label "${r.label}"`);
    }
    const missing = [...roles].filter(([key]) => !mapped.has(key)).map(([, label]) => label);
    if (missing.length > 0) lacking.push({ row, roles: missing });
  }
  const roleList = `roles: ${[...roles.values()].join(', ')}`;
  const unknownNote = unknown.length
    ? `; ${unknown.slice(0, UNMAPPED_ENTRIES_NAMED).join(', ')}${unknown.length > UNMAPPED_ENTRIES_NAMED ? ` and ${unknown.length - UNMAPPED_ENTRIES_NAMED} more` : ''} ${unknown.length === 1 ? 'matches' : 'match'} no role (${roleList})`
    : '';
  // A role left without a recipient is the spec's error, even when the cause is a misspelt label.
  if (lacking.length > 0) {
    const named = lacking
      .slice(0, UNMAPPED_ENTRIES_NAMED)
      .map((l) => `signingRequests[${l.row}] (${l.roles.join(', ')})`);
    const more = lacking.length - named.length;
    throw new DomainError(
      'unmapped_placeholders',
      `no recipient for template role(s) in ${lacking.length} ${lacking.length === 1 ? 'entry' : 'entries'}: ` +
        `${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}; every entry needs a recipient for every role` +
        unknownNote,
    );
  }
  if (unknown.length > 0) throw new DomainError('unknown_recipient_label', unknownNote.slice(2));
}

/**
 * One recipient per role (checkRoleMapping has made sure every role has one); sequential signing follows the
 * order of `recipients` (spec 4.2).
 */
function assignRoles(
  recipients: TemplateSendRequest['signingRequests'][number]['recipients'],
  roleByLabel: Map<string, { id: string; label: string }>,
): { list: NewSession['participants'] } | RowProblem {
  const seen = new Set<string>();
  const list: NewSession['participants'] = [];
  for (const [i, r] of recipients.entries()) {
    const key = r.label.toLowerCase();
    if (seen.has(key))
      return {
        error: 'duplicate_role',
        message: `role "${r.label}" has more than one recipient in this entry`,
      };
    seen.add(key);
    const role = roleByLabel.get(key)!;
    list.push({ name: r.name, email: r.email, signingOrder: i + 1, roleLabel: role.label, roleId: role.id });
  }
  return { list };
}

function toResponse(
  ctx: ServiceContext,
  request: TemplateSendRequest,
  template: LoadedTemplate,
  entryCount: number,
  created: { sessions: CreatedSession[]; bulkBatchId: string | null },
  problems: Map<number, RowProblem>,
  delivered: Map<string, DeliveryOutcome>,
): TemplateSendResponse {
  const byRow = new Map(created.sessions.map((s) => [s.rowIndex, s]));
  const sessionsOut: TemplateSendResponse['instantiation']['sessions'] = [];
  for (let row = 0; row < entryCount; row++) {
    const s = byRow.get(row);
    if (s)
      sessionsOut.push({
        rowIndex: row,
        status: 'created',
        sessionId: s.sessionId,
        documentIds: s.documents.map((d) => d.documentId),
      });
    else {
      const p = problems.get(row)!;
      sessionsOut.push({
        rowIndex: row,
        status: 'error',
        documentIds: [],
        error: `${p.error}: ${p.message}`,
      });
    }
  }
  const invites = created.sessions.map((s) => {
    const invited = invitedAtSend(request.signingType, s.participants);
    const participants = s.participants.map((p) => {
      const status = inviteResult(request.notify, invited(p), delivered.get(p.participantId));
      return {
        participantId: p.participantId,
        email: p.email,
        name: p.name,
        status,
        ...(request.notify ? {} : { signingUrl: signingUrl(ctx, p.linkToken) }),
      };
    });
    const failures = s.participants
      .map((p) => delivered.get(p.participantId))
      .filter((o): o is Exclude<DeliveryOutcome, { state: 'delivered' }> => !!o && o.state !== 'delivered');
    const statuses = participants.map((p) => p.status);
    // The same rule for the session: an email of this call failed, else an invite went out, else nobody emailed.
    const inviteStatus: TemplateSendInvite['inviteStatus'] = statuses.includes('failed')
      ? 'error'
      : statuses.includes('sent')
        ? 'sent'
        : 'skipped';
    return {
      sessionId: s.sessionId,
      title: template.template.name,
      inviteStatus,
      ...(failures.length ? { inviteError: failures.map((f) => f.error).join('; ') } : {}),
      participants,
    };
  });
  return {
    instantiation: {
      ...(created.bulkBatchId ? { bulkSendBatchId: created.bulkBatchId } : {}),
      sessions: sessionsOut,
    },
    invites,
  };
}

/**
 * A participant's `status` (spec 4.2, "invite email result"): `sent` when this call invited them (their invite
 * delivered, or still queued in a provisional answer), `failed` when an email of this call to them was refused or
 * could not be delivered yet (the invite, or the sendInitialNotification heads-up of a later signer), `skipped`
 * when this call sent them no invite: `notify` false, or a later sequential signer, invited when their turn comes.
 */
function inviteResult(
  notify: boolean,
  invitedNow: boolean,
  outcome: DeliveryOutcome | undefined,
): 'sent' | 'failed' | 'skipped' {
  if (!notify) return 'skipped';
  if (outcome && outcome.state !== 'delivered') return 'failed';
  return invitedNow ? 'sent' : 'skipped';
}
