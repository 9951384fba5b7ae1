import type { Locale } from '@countersign/schemas';

/** The signing page's languages: every email has a complete catalogue in each (src/strings). */
export type { Locale };

export interface RenderedEmail {
  /** One line, no CR/LF, at most SUBJECT_MAX_LENGTH characters. */
  subject: string;
  /** Complete on its own: every fact and link of the HTML part is in it. */
  text: string;
  html: string;
}

/** What every email carries. All strings are shown as given (escaped), never interpreted. */
export interface EmailBase {
  locale: Locale;
  sessionTitle: string;
  /** The integration account's name, or the send's `senderName` override. */
  senderName: string;
  /** Null for an address that has no name (for example a `cc` address): the greeting drops the name. */
  recipientName: string | null;
  /** The account's branding: its accent colour and logo (an absolute URL) in the HTML part. */
  branding?: { accentColor?: string | null; logoUrl?: string | null } | null;
}

/** The template-send options that shape a signer's invite (spec 4.2). null/undefined/blank = not set. */
export interface InviteCustomization {
  /** Replaces the default subject. */
  subject?: string | null;
  /** Personal message, plain text, shown as a quoted block with its line breaks. */
  message?: string | null;
  /** Plain-text body with {{placeholders}}; replaces the greeting and intro (README "messageTemplate"). */
  messageTemplate?: string | null;
}

export type SigningType = 'parallel' | 'sequential';

/** First email to a signer. `yourTurn: false` is a sequential signer told up front. */
export type InviteEmail = EmailBase &
  InviteCustomization & {
    kind: 'invite';
    recipientEmail: string;
    signingUrl: string;
    expiresAt: Date;
    /** Filenames of the session's documents. */
    documents: string[];
    signingType: SigningType;
    /** The signer gets a one-time code by email when opening the link (authRequirement `otp`). */
    otpRequired: boolean;
  } & (
    | { yourTurn: true }
    | {
        yourTurn: false;
        /** Signers who sign before this one (at least 1). */
        signersBefore: number;
      }
  );

/** Sequential signing: the previous signer finished, now it is this signer's turn. */
export type NextSignerEmail = EmailBase &
  InviteCustomization & {
    kind: 'next_signer';
    recipientEmail: string;
    signingUrl: string;
    previousSignerName: string;
    expiresAt: Date;
    documents?: string[];
    otpRequired: boolean;
  };

/** sendInitialNotification: a later sequential signer learns their turn is coming. */
export type UpcomingEmail = EmailBase & {
  kind: 'upcoming';
  /** 1-based place in the signing order. */
  position: number;
  total: number;
  expiresAt: Date;
  /** A link that waits until it is this signer's turn, or null when the link comes later. */
  signingUrl?: string | null;
};

/** A participant signed; goes to the other participants and cc. */
export type SignedEmail = EmailBase & {
  kind: 'signed';
  signerName: string;
  /** Signatures still missing after this one. */
  remaining: number;
};

export type CompletedEmail = EmailBase & {
  kind: 'completed';
  /** The recipient's own link to download, or null for a `cc` address (it has no link): then `attached` is true. */
  downloadUrl: string | null;
  downloadExpiresAt: Date;
  /** Whether the signed PDF is attached to this email. */
  attached: boolean;
  documents?: string[];
};

export type DeclinedEmail = EmailBase & {
  kind: 'declined';
  declinerName: string;
  reason?: string | null;
};

export type CancelledEmail = EmailBase & {
  kind: 'cancelled';
  reason?: string | null;
};

export type ReminderEmail = EmailBase & {
  kind: 'reminder';
  signingUrl: string;
  /** Whole days until expiry; 0 = less than a day. */
  daysLeft: number;
  expiresAt: Date;
  otpRequired: boolean;
};

/** Deliberately has no signing link: a code email must not be a second way in. */
export type OtpCodeEmail = EmailBase & {
  kind: 'otp_code';
  code: string;
  validMinutes: number;
};

/** To a signer who just signed: what they signed, by hash, and their own audit event's hash. */
export type ReceiptEmail = EmailBase & {
  kind: 'receipt';
  signedAt: Date;
  documents: { filename: string; sha256: string }[];
  /** The hash of their participant.signed event in the session's hash-chained audit trail. */
  eventHash: string;
};

/**
 * To a `cc` address when the session is sent: a copy for information. It has no link by construction (the
 * message type has none): a cc never signs, and gets the signed PDF attached at completion.
 */
export type CcCopyEmail = EmailBase & {
  kind: 'cc_copy';
  /** Names of the signers asked to sign. */
  signers: string[];
  documents: string[];
  expiresAt: Date;
  /** The send's personal message. */
  message?: string | null;
};

/**
 * A person invited to be a member of an account in the web app (not a signer). `sessionTitle` is the account's
 * name, what they are invited to; `senderName` is who invited them (the account's name when a token did).
 */
export type MemberInviteEmail = EmailBase & {
  kind: 'member_invite';
  /** A one-time sign-in link into the account. */
  signInUrl: string;
  expiresAt: Date;
};

/**
 * To the member who sent a session from the web app, or to the account's outcome address: the session ended,
 * completed or declined. A link to the session in the web app, never a signing link or a document.
 */
export type SentOutcomeEmail = EmailBase & {
  /** Whom it goes to: the sending member (who can turn it off) or the account's outcome address. */
  audience: 'sender' | 'outcomeAddress';
  /** The session's page in the web app. */
  sessionUrl: string;
  /** When it completed or was declined. */
  at: Date;
} & (
    | {
        kind: 'sent_completed';
        /** Everyone who signed, in signing order. */
        signers: string[];
      }
    | {
        kind: 'sent_declined';
        declinerName: string;
        reason?: string | null;
      }
  );

export type EmailMessage =
  | SentOutcomeEmail
  | MemberInviteEmail
  | CcCopyEmail
  | ReceiptEmail
  | InviteEmail
  | NextSignerEmail
  | UpcomingEmail
  | SignedEmail
  | CompletedEmail
  | DeclinedEmail
  | CancelledEmail
  | ReminderEmail
  | OtpCodeEmail;

export type EmailKind = EmailMessage['kind'];
