import type { ServiceContext } from '../context.ts';
import { DomainError } from '../support/errors.ts';

/** A row-level problem: the entry fails with this machine-readable code and message; others go on. */
export interface RowProblem {
  error: string;
  message: string;
}

/** Signer emails must be distinct within an entry (case-insensitive): one person, one signing link. */
export function duplicateEmail(recipients: { email: string }[]): RowProblem | undefined {
  const seen = new Set<string>();
  for (const [i, r] of recipients.entries()) {
    const key = r.email.toLowerCase();
    if (seen.has(key)) {
      return {
        error: 'duplicate_signer_email',
        message: `recipients[${i}].email: ${r.email} appears more than once in this entry`,
      };
    }
    seen.add(key);
  }
  return undefined;
}

/**
 * The signing order of each recipient of an entry, normalised to its rank 1..n: the one place where the `order`
 * of a request becomes the stored `signingOrder` that invites, turns and the session view use.
 * Sequential: either every recipient has an `order` or none has one (recipient order). Orders are any distinct
 * positive integers, gaps allowed (10, 20, 30); recipients sign in ascending `order`. Equal orders fail the row.
 * Parallel: everyone signs at once (order 1), whatever `order` says.
 */
export function signingOrders(
  recipients: { order?: number | undefined }[],
  signingType: 'parallel' | 'sequential',
): { orders: number[] } | RowProblem {
  if (signingType === 'parallel') return { orders: recipients.map(() => 1) };
  const given = recipients.map((r) => r.order);
  if (given.every((o) => o === undefined)) return { orders: recipients.map((_, i) => i + 1) };
  if (given.some((o) => o === undefined)) {
    return {
      error: 'invalid_signing_order',
      message: 'give every recipient an order or none of them',
    };
  }
  const orders = given as number[];
  const ranked = [...new Set(orders)].sort((a, b) => a - b);
  if (ranked.length !== orders.length) {
    return {
      error: 'invalid_signing_order',
      message: `orders must be distinct, got ${orders.join(', ')}`,
    };
  }
  const rank = new Map(ranked.map((o, i) => [o, i + 1]));
  return { orders: orders.map((o) => rank.get(o)!) };
}

/** More entries than MAX_ENTRIES fail the whole call (400) before anything is read or created. */
export function requireEntryCount(ctx: ServiceContext, count: number): void {
  if (count > ctx.config.limits.maxEntries) {
    throw new DomainError(
      'invalid_request',
      `signingRequests: at most ${ctx.config.limits.maxEntries} entries per call`,
    );
  }
}
