import type { TsaOptions } from '../timestamp/types.ts';

/** How to seal a document: the certificate (PKCS#12) and what the signature dictionary says. */
export interface SealOptions {
  /** PKCS#12 (.p12/.pfx) holding an RSA private key and its certificate (plus, optionally, its chain). */
  p12: Uint8Array;
  passphrase: string;
  /** /Reason, e.g. "Sealed by Countersign after every signer signed". */
  reason: string;
  /** /Location. */
  location?: string;
  /** /Name: who seals (the service, not the signers). */
  name: string;
  /** /ContactInfo. */
  contactInfo?: string;
  /** Claimed signing time, written as /M (PAdES B-B puts it there, not in the CMS). Defaults to now. */
  signingTime?: Date;
  /** The audit trail's chain head, written as /Countersign_AuditChainHead in the signed dictionary for verifiers. */
  auditChainHead?: string | null;
  /**
   * An RFC 3161 timestamp authority: the seal then carries a signature time-stamp (PAdES B-T), and the file
   * gets the validation data (DSS) and a document time-stamp as incremental updates (B-LTA).
   */
  tsa?: TsaOptions;
}
