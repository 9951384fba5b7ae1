import { z } from 'zod';

const MiB = 1024 * 1024;

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();
const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const url = (protocols: string[]) => z.url({ protocol: new RegExp(`^(${protocols.join('|')})$`) }).optional();

/**
 * Every setting of the service, read from the environment once at start.
 * Names are the environment variables; docs/configuration.md's table mirrors this list.
 */
export const envSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL instead of the SQLite file in DATA_DIR (docs/topologies.md, "Several hosts"). */
  DATABASE_URL: url(['postgres', 'postgresql']),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  REDIS_URL: url(['redis', 'rediss']),
  SMTP_URL: url(['smtp', 'smtps']),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/, 'letters, digits, colon, dash or underscore')
    .default('countersign'),
  MAIL_FROM: z.email().default('no-reply@countersign.localhost'),
  MAIL_FROM_NAME: z.string().min(1).default('Countersign'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt.max(86_400).default(900),
  JWT_SECRET: z.string().min(32).optional(),
  /** With DATABASE_URL: the key the service's generated secrets are encrypted under in the database. */
  SECRETS_KEY: z.string().min(32).optional(),
  /** With DATABASE_URL: blobs in this S3-compatible bucket instead of the database (docs/data-layer.md). */
  S3_BUCKET: z.string().min(1).optional(),
  /** Unset: AWS S3 in S3_REGION. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name; default: on with S3_ENDPOINT. */
  S3_FORCE_PATH_STYLE: flag.optional(),
  /** Keys start with it (`countersign/`): several deployments, or other data, in one bucket. */
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-][A-Za-z0-9_./-]{0,199}$/, 'letters, digits, dot, dash, underscore and slash')
    .optional(),
  MAX_BODY_BYTES: positiveInt.default(10 * MiB),
  MAX_FILE_BYTES: positiveInt.default(50 * MiB),
  MAX_PAGES: positiveInt.default(2000),
  MAX_ENTRIES: positiveInt.max(10_000).default(10_000),
  SEND_TIMEOUT_MS: positiveInt.default(120_000),
  DRIVE_TIMEOUT_MS: positiveInt.default(30_000),
  GDRIVE_BASE_URL: z.url().default('https://www.googleapis.com'),
  GDRIVE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  /** Google's OAuth consent page, where the web app's "Connect Google Drive" sends the member. */
  GDRIVE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  /** The operator's Google OAuth client (web application type); both unset: connecting from the app is off. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  WORKER_CONCURRENCY: positiveInt.max(64).default(4),
  /** Embedded topology: run jobs on worker threads, off the API's event loop (docs/topologies.md). */
  JOB_THREADS: flag.default(true),
  /**
   * Draw each prepared PDF's pages into images ahead of time for the signing page (docs/signing-page.md); off,
   * signers' browsers draw every page with pdf.js.
   */
  PAGE_IMAGES: flag.default(true),
  /** The memory all PDF work of one process may hold at once, in MB (docs/topologies.md, "Memory"). */
  PDF_MEMORY_MB: positiveInt.default(3072),
  /** How often each worker sweeps time-driven state (expiry, reminders, lost completions, retention). */
  SWEEP_INTERVAL_MS: positiveInt.min(1_000).max(3_600_000).default(30_000),
  WEBHOOK_ALLOW_PRIVATE: flag.default(false),
  /**
   * DNS servers (`ip` or `ip:port`, comma-separated) asked for the TXT record that proves an SSO domain;
   * unset: the system's resolvers.
   */
  SSO_DNS_SERVERS: z
    .string()
    .regex(/^[^,\s]+(,[^,\s]+)*$/, 'comma-separated ip or ip:port entries')
    .transform((v) => v.split(','))
    .optional(),
  /** Accept identity providers on plain http (tests and local development only; https otherwise). */
  SSO_ALLOW_HTTP: flag.default(false),
  /** How many proxies in front of the API append to X-Forwarded-For: 0 (none), 1 (also `true`), 2, ... */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|10|\d)$/, 'the number of trusted proxies (0 to 10), or true (1) or false (0)')
    .transform((v) => (v === 'true' ? 1 : v === 'false' ? 0 : Number(v)))
    .default(0),
  SEAL_P12_PATH: z.string().min(1).optional(),
  SEAL_P12_PASSPHRASE: z.string().optional(),
  SEAL_NAME: z.string().min(1).max(100).default('Countersign'),
  /** An RFC 3161 timestamp authority: every seal is then time-stamped (PAdES B-T, then B-LTA). */
  TSA_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** HTTP basic authentication for the TSA, when it asks for it. */
  TSA_USERNAME: z.string().min(1).optional(),
  TSA_PASSWORD: z.string().optional(),
  TSA_TIMEOUT_MS: positiveInt.max(120_000).default(10_000),
  /** Turns /metrics on; a scraper sends it as a bearer token. Off (404) when unset. */
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{32,256}$/, 'at least 32 printable characters, no spaces')
    .optional(),
  /** A worker process (`pnpm start:worker`) serves its own /metrics on this port; needs METRICS_TOKEN. */
  WORKER_METRICS_PORT: port.optional(),
});

export type Env = z.infer<typeof envSchema>;

const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_SETTINGS = [
  ...S3_REQUIRED,
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_FORCE_PATH_STYLE',
  'S3_PREFIX',
] as const satisfies (keyof Env)[];

/** Rules that tie settings together, checked after each one parsed on its own. */
export const envRules = envSchema.superRefine((e, ctx) => {
  if ((e.TSA_USERNAME !== undefined || e.TSA_PASSWORD !== undefined) && !e.TSA_URL) {
    ctx.addIssue({
      code: 'custom',
      path: [e.TSA_USERNAME !== undefined ? 'TSA_USERNAME' : 'TSA_PASSWORD'],
      message: 'needs TSA_URL (credentials of which timestamp authority?)',
    });
  }
  if (e.TSA_PASSWORD !== undefined && e.TSA_USERNAME === undefined) {
    ctx.addIssue({ code: 'custom', path: ['TSA_PASSWORD'], message: 'needs TSA_USERNAME' });
  }
  if (e.DATABASE_URL !== undefined && !e.SECRETS_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: ['SECRETS_KEY'],
      message:
        'is required with DATABASE_URL (32+ characters, the same on every host): the generated secrets are kept in the database encrypted under it',
    });
  }
  const s3 = S3_SETTINGS.filter((name) => e[name] !== undefined);
  if (s3.length > 0) {
    // A partial S3 setting would silently keep blobs in the database: name what is missing instead.
    for (const name of S3_REQUIRED)
      if (e[name] === undefined)
        ctx.addIssue({ code: 'custom', path: [name], message: `is required with ${s3.join(', ')}` });
  }
  if (e.WORKER_METRICS_PORT !== undefined && !e.METRICS_TOKEN) {
    ctx.addIssue({
      code: 'custom',
      path: ['WORKER_METRICS_PORT'],
      message: 'needs METRICS_TOKEN (metrics are served only behind a token)',
    });
  }
});
