import path from 'node:path';
import { ConfigError, loadConfig } from '@countersign/config';
import { describe, expect, it } from 'vitest';

/** The ConfigError loadConfig throws for `env`, or a failure when it does not throw one. */
function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig defaults', () => {
  it('runs on an empty environment with the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.redisUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.jwtSecret).toBeUndefined();
    expect(config.accessTokenTtlSeconds).toBe(900);
    expect(config.limits).toEqual({
      maxBodyBytes: 10 * 1024 * 1024,
      maxFileBytes: 50 * 1024 * 1024,
      maxPages: 2000,
      maxEntries: 10_000,
    });
    expect(config.queuePrefix).toBe('countersign');
    expect(config.workerConcurrency).toBe(4);
    expect(config.sweepIntervalMs).toBe(30_000);
    expect(config.webhookAllowPrivate).toBe(false);
    expect(config.trustedProxies).toBe(0);
  });

  it('derives PUBLIC_URL from PORT and resolves a relative DATA_DIR', () => {
    const config = loadConfig({ PORT: '8080', DATA_DIR: 'var/cs' });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.dataDir).toBe(path.resolve('var/cs'));
  });

  it('takes explicit values, trimming trailing slashes from PUBLIC_URL', () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/countersign',
      PUBLIC_URL: 'https://sign.example.com/',
      REDIS_URL: 'redis://127.0.0.1:6379',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      ACCESS_TOKEN_TTL_SECONDS: '60',
      MAX_BODY_BYTES: '1024',
      MAX_FILE_BYTES: '2048',
      MAX_PAGES: '5',
      MAX_ENTRIES: '7',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      TRUST_PROXY: '1',
    });
    expect(config).toMatchObject({
      port: 0,
      host: '127.0.0.1',
      dataDir: '/srv/countersign',
      publicUrl: 'https://sign.example.com',
      redisUrl: 'redis://127.0.0.1:6379',
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      accessTokenTtlSeconds: 60,
      limits: { maxBodyBytes: 1024, maxFileBytes: 2048, maxPages: 5, maxEntries: 7 },
      webhookAllowPrivate: true,
      trustedProxies: 1,
    });
  });

  it('reads the single sign-on settings: DNS servers as a list, http IdPs off by default', () => {
    expect(loadConfig({}).sso).toEqual({ dnsServers: undefined, allowHttp: false });
    expect(loadConfig({ SSO_DNS_SERVERS: '127.0.0.1:5353,::1', SSO_ALLOW_HTTP: 'true' }).sso).toEqual({
      dnsServers: ['127.0.0.1:5353', '::1'],
      allowHttp: true,
    });
    expect(() => loadConfig({ SSO_DNS_SERVERS: '1.1.1.1, 8.8.8.8' })).toThrow(/SSO_DNS_SERVERS/);
  });

  it('reads TRUST_PROXY as a number of proxies, with true and false for 1 and 0', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustedProxies).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustedProxies).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustedProxies).toBe(2);
  });

  it('treats an empty string as unset', () => {
    const names =
      'PORT DATA_DIR PUBLIC_URL REDIS_URL SMTP_URL ACCESS_TOKEN_TTL_SECONDS MAX_ENTRIES JWT_SECRET';
    const empty = Object.fromEntries(names.split(' ').map((name) => [name, '']));
    expect(loadConfig(empty)).toEqual(loadConfig({}));
  });

  it('reads the timestamp authority: unset by default, with optional basic-auth credentials', () => {
    expect(loadConfig({}).seal.tsa).toBeUndefined();
    expect(loadConfig({ TSA_URL: 'https://tsa.example/tsr' }).seal.tsa).toEqual({
      url: 'https://tsa.example/tsr',
      timeoutMs: 10_000,
    });
    const env = {
      TSA_URL: 'http://tsa.example',
      TSA_USERNAME: 'u',
      TSA_PASSWORD: 'p',
      TSA_TIMEOUT_MS: '2500',
    };
    expect(loadConfig(env).seal.tsa).toEqual({
      url: 'http://tsa.example',
      username: 'u',
      password: 'p',
      timeoutMs: 2500,
    });
    expect(configError({ TSA_URL: 'http://tsa.example', TSA_PASSWORD: 'p' }).message).toMatch(
      /^\s*TSA_PASSWORD: needs TSA_USERNAME/m,
    );
  });

  it('reads S3 blob storage: unset by default, AWS with virtual hosts, or an endpoint with paths', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    const keys = { S3_BUCKET: 'pdfs', S3_ACCESS_KEY_ID: 'AKIA1', S3_SECRET_ACCESS_KEY: 'shh' };
    expect(loadConfig({ ...keys, S3_REGION: 'eu-west-3' }).s3).toEqual({
      endpoint: 'https://s3.eu-west-3.amazonaws.com',
      bucket: 'pdfs',
      region: 'eu-west-3',
      accessKeyId: 'AKIA1',
      secretAccessKey: 'shh',
      forcePathStyle: false,
      prefix: '',
    });
    expect(
      loadConfig({ ...keys, S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_PREFIX: 'countersign/prod' }).s3,
    ).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      prefix: 'countersign/prod/',
    });
    expect(
      loadConfig({ ...keys, S3_ENDPOINT: 'https://s3.example.com', S3_FORCE_PATH_STYLE: 'false' }).s3
        ?.forcePathStyle,
    ).toBe(false);
  });

  it('refuses S3 settings given in part, naming what is missing and never the secret', () => {
    const err = configError({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_SECRET_ACCESS_KEY: 'hunter2-s3' });
    expect(err.message).toMatch(/^\s*S3_BUCKET: is required with S3_SECRET_ACCESS_KEY, S3_ENDPOINT$/m);
    expect(err.message).toMatch(/^\s*S3_ACCESS_KEY_ID: is required with /m);
    expect(err.message).not.toContain('hunter2');
    expect(configError({ S3_PREFIX: 'x/' }).message).toMatch(/^\s*S3_BUCKET: is required with S3_PREFIX$/m);
  });

  it('ignores variables it does not know', () => {
    expect(loadConfig({ HOME: '/root', NODE_ENV: 'production' }).port).toBe(3000);
  });
});

describe('loadConfig rejects bad values with a ConfigError naming the variable', () => {
  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['REDIS_URL', 'http://x'],
    ['REDIS_URL', 'not a url'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['PUBLIC_URL', 'ftp://example.com'],
    ['MAX_ENTRIES', '0'],
    ['MAX_ENTRIES', '10001'],
    ['MAX_BODY_BYTES', '-5'],
    ['MAX_FILE_BYTES', 'lots'],
    ['MAX_PAGES', '1.5'],
    ['ACCESS_TOKEN_TTL_SECONDS', '0'],
    ['ACCESS_TOKEN_TTL_SECONDS', '86401'],
    ['JWT_SECRET', 'too-short'],
    ['QUEUE_PREFIX', 'has space'],
    ['MAIL_FROM', 'nobody'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '-1'],
    ['TRUST_PROXY', '11'],
    ['WORKER_CONCURRENCY', '0'],
    ['SWEEP_INTERVAL_MS', '999'],
    ['SWEEP_INTERVAL_MS', '3600001'],
    ['SWEEP_INTERVAL_MS', 'often'],
    ['TSA_URL', 'ftp://tsa.example'],
    ['TSA_TIMEOUT_MS', '0'],
    ['TSA_USERNAME', 'without a TSA_URL'],
    ['S3_ENDPOINT', 'ftp://s3.example'],
    ['S3_PREFIX', '/leading-slash'],
    ['S3_FORCE_PATH_STYLE', 'maybe'],
  ])('%s=%s', (name, value) => {
    const err = configError({ [name]: value });
    expect(err.name).toBe('ConfigError');
    expect(err.message).toMatch(new RegExp(`^\\s*${name}: `, 'm'));
    // The message names the offending variable only, not the good ones around it.
    expect(err.message).not.toMatch(/^\s*HOST: /m);
  });

  it('names every offending variable at once', () => {
    const err = configError({ PORT: 'abc', REDIS_URL: 'http://x', MAX_ENTRIES: '0', HOST: 'ok' });
    expect(err.message).toMatch(/^\s*PORT: /m);
    expect(err.message).toMatch(/^\s*REDIS_URL: /m);
    expect(err.message).toMatch(/^\s*MAX_ENTRIES: /m);
    expect(err.message).not.toMatch(/HOST/);
  });

  it('never echoes a rejected secret value', () => {
    const err = configError({ JWT_SECRET: 'hunter2-short' });
    expect(err.message).toMatch(/JWT_SECRET/);
    expect(err.message).not.toContain('hunter2');
  });
});
