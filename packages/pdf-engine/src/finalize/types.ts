export type FinalizeFieldType = 'text' | 'checkbox' | 'date' | 'name' | 'email' | 'signature' | 'initials';

/** The signature or initials a signer adopted: typed text, or a drawn PNG as a data URL. */
export interface AdoptedSignature {
  kind: 'typed' | 'drawn';
  /** The typed text, or `data:image/png;base64,...` for a drawing. */
  value: string;
}

/** One field to stamp, in display coordinates (see geometry/types.ts) of its page. */
export interface FinalizeField {
  /** 1-based page number. */
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  type: FinalizeFieldType;
  /** The value as entered; checkboxes are checked when "true". null or "" leaves the field blank. */
  value: string | null;
  /** For signature and initials fields: what to stamp (the typed text, or the drawing). */
  signature?: AdoptedSignature;
}

export interface AuditSigner {
  name: string;
  email: string;
  /** How the signer proved control of the mailbox before signing. */
  verification: 'one-time-code' | 'none';
  ip: string | null;
  userAgent: string | null;
  sentAt: Date | null;
  viewedAt: Date | null;
  signedAt: Date | null;
}

/** What the audit certificate page states. Times are printed in UTC. */
export interface AuditInput {
  sessionId: string;
  /** The session's title, if it has one. */
  sessionTitle?: string;
  /** The document's file name, if known. */
  documentName?: string;
  status: string;
  completedAt: Date;
  /** SHA-256 (hex) of the document as it was uploaded, before preparation. */
  originalSha256: string;
  /** Labels of the active content removed from the original before signing (activeContentLabels); none if empty. */
  activeContentRemoved?: string[];
  /** The hash of the session's last audit event when sealing (the chain head; see @countersign/verify). */
  auditChainHead?: string | null;
  signers: AuditSigner[];
}

export interface FinalizeInput {
  fields: FinalizeField[];
  audit: AuditInput;
  /** Stamped visibly across the top of every page, inside the signed content (a test session's notice). */
  pageMark?: string;
}

export interface FinalizeResult {
  /** The sealed PDF. */
  bytes: Uint8Array;
  /** SHA-256 (hex) of `bytes`. */
  sha256: string;
  /**
   * SHA-256 (hex) of the signed content: the prepared document with every value stamped, before
   * the certificate page and the seal were appended. Those bytes are the start of `bytes` (the
   * certificate and seal are an incremental update), so this is `sha256(bytes[0, contentLength))`.
   */
  contentSha256: string;
  /** How many leading bytes of `bytes` `contentSha256` covers. */
  contentLength: number;
}
