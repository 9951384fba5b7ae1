import path from 'node:path';

import { type Env, envRules } from './schema.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL (DATABASE_URL); undefined: the SQLite file in dataDir. */
  databaseUrl: string | undefined;
  publicUrl: string;
  redisUrl: string | undefined;
  /** Redis key prefix of the job queue: separates deployments (and test runs) sharing one Redis. */
  queuePrefix: string;
  smtpUrl: string | undefined;
  mailFrom: { name: string; address: string };
  logLevel: string;
  accessTokenTtlSeconds: number;
  jwtSecret: string | undefined;
  /** Encrypts the generated secrets kept in the database (set whenever databaseUrl is). */
  secretsKey: string | undefined;
  /** Blobs in an S3-compatible bucket (S3_*): with databaseUrl, instead of the database. */
  s3: S3Config | undefined;
  limits: { maxBodyBytes: number; maxFileBytes: number; maxPages: number; maxEntries: number };
  sendTimeoutMs: number;
  drive: {
    timeoutMs: number;
    gdriveBaseUrl: string;
    gdriveTokenUrl: string;
    gdriveAuthUrl: string;
    /** The OAuth client for connecting Google Drive from the web app; undefined when not configured. */
    googleClient: { id: string; secret: string } | undefined;
  };
  workerConcurrency: number;
  /** Embedded topology: jobs on worker threads (JOB_THREADS), else on the API's event loop. */
  jobThreads: boolean;
  /** Pages drawn ahead of time for the signing page (PAGE_IMAGES). */
  pageImages: boolean;
  /** The memory budget of one process's PDF work, in MB (PDF_MEMORY_MB). */
  pdfMemoryMb: number;
  /** Milliseconds between two sweeps of a worker (expiry, reminders, lost completions, retention purges). */
  sweepIntervalMs: number;
  webhookAllowPrivate: boolean;
  /** Single sign-on: the DNS servers that check domain TXT records (undefined: the system's), http IdPs allowed. */
  sso: { dnsServers: string[] | undefined; allowHttp: boolean };
  /** Proxies in front of the API whose X-Forwarded-For entries are trusted (0: use the socket's peer). */
  trustedProxies: number;
  /**
   * The document seal: a configured PKCS#12, or one generated on first use; with `tsa`, every seal is
   * time-stamped by that RFC 3161 authority (docs/evidence.md, "Trusted time").
   */
  seal: {
    p12Path: string | undefined;
    p12Passphrase: string | undefined;
    name: string;
    tsa: { url: string; username?: string; password?: string; timeoutMs: number } | undefined;
  };
  /** `/metrics` (Prometheus): served only when a token is set; a worker process serves it on `workerPort`. */
  metrics: { token: string | undefined; workerPort: number | undefined };
}

export interface S3Config {
  /** Without a trailing slash: `https://s3.<region>.amazonaws.com` unless S3_ENDPOINT says otherwise. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** '' or ending in '/'. */
  prefix: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once; a bad value throws a ConfigError naming every offending variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "unset" so that `FOO= pnpm start` falls back to the default.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envRules.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0])}: ${i.message}`);
    throw new ConfigError(`invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    redisUrl: e.REDIS_URL,
    queuePrefix: e.QUEUE_PREFIX,
    smtpUrl: e.SMTP_URL,
    mailFrom: { name: e.MAIL_FROM_NAME, address: e.MAIL_FROM },
    logLevel: e.LOG_LEVEL,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    jwtSecret: e.JWT_SECRET,
    secretsKey: e.SECRETS_KEY,
    s3: s3Of(e),
    limits: {
      maxBodyBytes: e.MAX_BODY_BYTES,
      maxFileBytes: e.MAX_FILE_BYTES,
      maxPages: e.MAX_PAGES,
      maxEntries: e.MAX_ENTRIES,
    },
    sendTimeoutMs: e.SEND_TIMEOUT_MS,
    drive: {
      timeoutMs: e.DRIVE_TIMEOUT_MS,
      gdriveBaseUrl: e.GDRIVE_BASE_URL,
      gdriveTokenUrl: e.GDRIVE_TOKEN_URL,
      gdriveAuthUrl: e.GDRIVE_AUTH_URL,
      googleClient:
        e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? { id: e.GOOGLE_CLIENT_ID, secret: e.GOOGLE_CLIENT_SECRET }
          : undefined,
    },
    workerConcurrency: e.WORKER_CONCURRENCY,
    jobThreads: e.JOB_THREADS,
    pageImages: e.PAGE_IMAGES,
    pdfMemoryMb: e.PDF_MEMORY_MB,
    sweepIntervalMs: e.SWEEP_INTERVAL_MS,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    sso: { dnsServers: e.SSO_DNS_SERVERS, allowHttp: e.SSO_ALLOW_HTTP },
    trustedProxies: e.TRUST_PROXY,
    seal: {
      p12Path: e.SEAL_P12_PATH,
      p12Passphrase: e.SEAL_P12_PASSPHRASE,
      name: e.SEAL_NAME,
      tsa: e.TSA_URL
        ? {
            url: e.TSA_URL,
            ...(e.TSA_USERNAME !== undefined
              ? { username: e.TSA_USERNAME, password: e.TSA_PASSWORD ?? '' }
              : {}),
            timeoutMs: e.TSA_TIMEOUT_MS,
          }
        : undefined,
    },
    metrics: { token: e.METRICS_TOKEN, workerPort: e.WORKER_METRICS_PORT },
  };
}

function s3Of(e: Env): S3Config | undefined {
  // envRules made sure the three are set together.
  if (!e.S3_BUCKET || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) return undefined;
  const region = e.S3_REGION ?? 'us-east-1';
  return {
    endpoint: (e.S3_ENDPOINT ?? `https://s3.${region}.amazonaws.com`).replace(/\/+$/, ''),
    bucket: e.S3_BUCKET,
    region,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    // MinIO and most other servers know only paths; AWS prefers the bucket in the host name.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
    prefix: e.S3_PREFIX ? `${e.S3_PREFIX.replace(/\/+$/, '')}/` : '',
  };
}

/**
 * For process entry points: the config, or the problem printed and exit 1. `require` names settings this
 * process cannot run without (e.g. REDIS_URL for a worker process), with the reason.
 */
export function loadConfigOrExit(require: { [K in keyof Config]?: string } = {}): Config {
  try {
    const config = loadConfig();
    for (const [key, why] of Object.entries(require)) {
      if (config[key as keyof Config] === undefined)
        throw new ConfigError(`invalid configuration:\n  ${why}`);
    }
    return config;
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
