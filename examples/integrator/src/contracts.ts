/** What the integrator remembers of each contract it sent (a real service keeps this in its database). */
export interface Contract {
  sessionId: string;
  signer: { name: string; email: string };
  /** Where the signer signs (we deliver it ourselves: sent with `notify: false`). */
  signingUrl: string;
  status: 'sent' | 'signed' | 'completed' | 'declined' | 'cancelled' | 'expired' | 'failed';
  /** The sealed PDFs written to disk once the session completed. */
  files: string[];
  /** Webhook event types received, in arrival order. */
  events: string[];
  error?: string;
}

export class Contracts {
  private readonly bySession = new Map<string, Contract>();

  add(contract: Contract): void {
    this.bySession.set(contract.sessionId, contract);
  }

  get(sessionId: string): Contract | undefined {
    return this.bySession.get(sessionId);
  }
}
