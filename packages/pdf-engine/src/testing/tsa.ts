import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** How the test TSA answers: properly, with HTTP 503, or with 200 and bytes that are no time-stamp reply. */
export type TestTsaMode = 'up' | 'down' | 'garbage';

export interface TestTsa {
  /** http://127.0.0.1:PORT/tsa */
  url: string;
  /** The TSA certificate's subject as Node prints it ("CN=...\nO=..."). */
  subject: string;
  certificate: Buffer;
  mode: TestTsaMode;
  /** Requests answered with a token so far. */
  granted: number;
  close(): Promise<void>;
}

/**
 * A real RFC 3161 time-stamp authority on loopback for tests: `openssl ts -reply` behind a small HTTP
 * responder, with its own key and a certificate whose extendedKeyUsage is timeStamping (critical). With
 * `credentials`, it answers 401 to requests without that HTTP basic authentication.
 */
export async function startTestTsa(
  options: {
    credentials?: { username: string; password: string };
    /** The TSA's key: RSA 2048 (default) or ECDSA on P-256 or P-384. */
    key?: 'rsa' | 'P-256' | 'P-384';
    /**
     * A CA-issued key and certificate (PEM; `TestCa.issueTimeStamping()`) instead of a self-signed one; with
     * `chain`, the tokens carry those certificates too (otherwise only the TSA's own).
     */
    certificate?: { key: string; certificate: string; chain?: string };
    /** A key rollover: after its first token, the TSA signs with this key and certificate (PEM). */
    rollover?: { key: string; certificate: string };
  } = {},
): Promise<TestTsa> {
  const dir = mkdtempSync(join(tmpdir(), 'test-tsa-'));
  const key = join(dir, 'tsa.key');
  const cert = join(dir, 'tsa.crt');
  if (options.certificate) {
    writeFileSync(key, options.certificate.key);
    writeFileSync(cert, options.certificate.certificate);
    if (options.certificate.chain) writeFileSync(join(dir, 'chain.pem'), options.certificate.chain);
  } else
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      options.key && options.key !== 'rsa' ? 'ec' : 'rsa:2048',
      ...(options.key && options.key !== 'rsa' ? ['-pkeyopt', `ec_paramgen_curve:${options.key}`] : []),
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '30',
      '-subj',
      '/CN=Countersign Test TSA/O=Countersign Tests',
      '-addext',
      'extendedKeyUsage=critical,timeStamping',
      '-addext',
      'keyUsage=critical,digitalSignature',
      '-addext',
      'basicConstraints=critical,CA:FALSE',
    ]);
  writeFileSync(join(dir, 'serial'), '01\n');
  const config = join(dir, 'tsa.cnf');
  writeFileSync(
    config,
    [
      '[ tsa ]',
      'default_tsa = tsa_config',
      '[ tsa_config ]',
      `serial = ${join(dir, 'serial')}`,
      `signer_cert = ${cert}`,
      `signer_key = ${key}`,
      'signer_digest = sha256',
      'default_policy = 1.3.6.1.4.1.99999.1',
      'digests = sha256, sha384, sha512',
      'accuracy = secs:1',
      'ordering = no',
      'tsa_name = yes',
      'ess_cert_id_alg = sha256',
      ...(options.certificate?.chain ? [`certs = ${join(dir, 'chain.pem')}`] : []),
      '',
    ].join('\n'),
  );
  const x509 = new X509Certificate(readFileSync(cert));
  const expectedAuth = options.credentials
    ? `Basic ${Buffer.from(`${options.credentials.username}:${options.credentials.password}`).toString('base64')}`
    : undefined;
  // openssl keeps the serial number in a file: one reply at a time.
  let queue: Promise<unknown> = Promise.resolve();
  let n = 0;
  const reply = (query: Buffer): Promise<Buffer> => {
    const next = queue.then(async () => {
      const file = join(dir, `q${++n}`);
      writeFileSync(file, query);
      await run('openssl', ['ts', '-reply', '-config', config, '-queryfile', file, '-out', `${file}.tsr`]);
      if (n === 1 && options.rollover) {
        writeFileSync(key, options.rollover.key);
        writeFileSync(cert, options.rollover.certificate);
      }
      return readFileSync(`${file}.tsr`);
    });
    queue = next.catch(() => undefined);
    return next;
  };
  const tsa: TestTsa = {
    url: '',
    subject: x509.subject,
    certificate: x509.raw,
    mode: 'up',
    granted: 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        rmSync(dir, { recursive: true, force: true });
      }),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (tsa.mode === 'down') return res.writeHead(503).end('down for the test');
      if (expectedAuth && req.headers.authorization !== expectedAuth) return res.writeHead(401).end();
      if (tsa.mode === 'garbage')
        return res.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end('not DER');
      reply(Buffer.concat(chunks)).then(
        (body) => {
          tsa.granted++;
          res.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(body);
        },
        (error: Error) => res.writeHead(500).end(error.message),
      );
    });
  });
  // Longer than the client's idle timeout (undici's is 4 s): otherwise a request sent on a kept-alive connection
  // as the server closes it (both timers late on a loaded machine) fails with ECONNRESET.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  tsa.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsa`;
  return tsa;
}
