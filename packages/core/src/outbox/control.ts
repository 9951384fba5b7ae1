export type DeliveryOutcome =
  | { state: 'delivered' }
  | { state: 'failed'; error: string }
  | { state: 'retrying'; error: string };

/** How services start delivery of the outbox rows they just committed. */
export interface OutboxControl {
  /**
   * Starts delivery soon instead of at the next poll. Workers deliver locally; an API process without a
   * worker enqueues a dispatch job for one.
   */
  kick(): void;
  /** Delivers these rows now and reports each outcome (a send reports invite results in its answer). */
  deliverNow(ids: string[]): Promise<Map<string, DeliveryOutcome>>;
}
