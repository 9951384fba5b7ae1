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
 * 1-based signing orders of an entry. Sequential: either every recipient has an order and together they are
 * exactly 1..n, or none has one (recipient order). Parallel: everyone signs at once (order 1).
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
      message: 'give every recipient an order (1..n) or none of them',
    };
  }
  const sorted = [...(given as number[])].sort((a, b) => a - b);
  if (!sorted.every((o, i) => o === i + 1)) {
    return {
      error: 'invalid_signing_order',
      message: `orders must be 1..${recipients.length} without gaps or repeats, got ${(given as number[]).join(', ')}`,
    };
  }
  return { orders: given as number[] };
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
