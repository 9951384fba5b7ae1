/**
 * Every size and range rule of the request bodies. Part 8 of the spec gives the minimums; where the spec is
 * silent we set an upper bound of our own so no field, list or number is unbounded.
 */

// --- Part 8 of the spec ---

/** Spec 8: at least one signingRequests entry (one session each). */
export const SIGNING_REQUESTS_MIN = 1;
/** Spec 8: at least one recipient per signingRequests entry. */
export const RECIPIENTS_MIN = 1;
/** Spec 8: at least one cloud file per own-PDF send. */
export const CLOUD_FILE_IDS_MIN = 1;
/** Spec 8: a cancellation reason has 1 to 500 characters. */
export const REASON_MAX_LENGTH = 500;
/** Spec 8: expiresInDays is an integer greater than 0. */
export const EXPIRES_IN_DAYS_MIN = 1;
/** Spec 8 (own-PDF send); the template-send default is "not shown", so we use the same 30 there. */
export const EXPIRES_IN_DAYS_DEFAULT = 30;
/** Spec 8: a recipient's signing order is an integer greater than 0 (1-based). */
export const ORDER_MIN = 1;
/** Spec 8: reminderDaysBeforeExpiry items are integers of at least 0 (0 = on the expiry day). */
export const REMINDER_DAY_MIN = 0;

// --- Our own upper bounds (the spec is silent) ---

/** Names, labels, titles, subjects, filenames: 500 is far above any real one and matches the spec's reason cap. */
export const TEXT_MAX_LENGTH = 500;
/** RFC 5321 limits a forward path to 256 octets including the angle brackets: 254 for the address. */
export const EMAIL_MAX_LENGTH = 254;
/** Ids in URL paths (sessions, documents, webhooks, deliveries): far above any id we issue; rejects garbage early. */
export const PATH_ID_MAX_LENGTH = 100;
/** Template ids are short opaque strings; 200 leaves room for any id scheme. */
export const TEMPLATE_ID_MAX_LENGTH = 200;
/** Invite messages and message templates: 10,000 characters is a long letter, not an attachment. */
export const MESSAGE_MAX_LENGTH = 10_000;
/** Prefill values: long free-text fields fit in 10,000 characters; more would not fit on a page anyway. */
export const FIELD_VALUE_MAX_LENGTH = 10_000;
/** Our refresh tokens are far shorter; 1024 rejects garbage before it reaches the hash lookup. */
export const REFRESH_TOKEN_MAX_LENGTH = 1024;
/** Drive file ids differ per provider (some embed drive and item ids); 1024 fits all of them. */
export const CLOUD_FILE_ID_MAX_LENGTH = 1024;
/** 10x DocuSign's per-call bulk cap: big batches work, one call cannot occupy the service for hours. */
export const SIGNING_REQUESTS_MAX = 10_000;
/** Recipients per entry: a signing ceremony with more than 100 signers is not a real use of one session. */
export const RECIPIENTS_MAX = 100;
/** Prefill values per entry: 500 covers the largest forms; a template has a bounded number of fields. */
export const FIELDS_MAX = 500;
/** Source PDFs per own-PDF send: each is downloaded and inspected synchronously, so keep the call bounded. */
export const CLOUD_FILE_IDS_MAX = 20;
/** Copied addresses per invite email: 20 keeps invites from becoming mailing lists (and spam reports). */
export const CC_MAX = 20;
/** Reminder days: 10 reminders before one expiry is already more than any signer wants. */
export const REMINDER_DAYS_MAX_ITEMS = 10;
/** A session lives at most a year; longer-lived signing links are a liability, not a feature. */
export const EXPIRES_IN_DAYS_MAX = 365;
/** A reminder cannot be due further ahead than the longest possible expiry. */
export const REMINDER_DAY_MAX = EXPIRES_IN_DAYS_MAX;
/** Signing order: room for gapped numbering (10, 20, 30...) for every recipient, still a small integer. */
export const ORDER_MAX = 1_000;

/** Sessions one `POST /api/sessions/remind` takes (extension): a page of the web app's list and then some. */
export const REMIND_SESSIONS_MAX = 100;

/** Tags per template (extension): enough to sort a library by team, kind and region, not a keyword index. */
export const TEMPLATE_TAGS_MAX = 20;
/** A template tag's characters once trimmed (extension): a label for a filter, not a description. */
export const TEMPLATE_TAG_MAX_LENGTH = 40;
