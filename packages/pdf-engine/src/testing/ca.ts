import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** How the test CA's revocation services answer: properly, or with HTTP 503. */
export type TestCaMode = 'up' | 'down';

export interface TestCa {
  /** The operator's seal: a PKCS#12 holding the seal key, its certificate, the intermediate and the root. */
  p12: Uint8Array;
  passphrase: string;
  /** http://127.0.0.1:PORT/ocsp (the seal certificate's AIA) and the CRLs (its and the intermediate's CRL DP). */
  ocspUrl: string;
  sealCrlUrl: string;
  rootCrlUrl: string;
  /** http://127.0.0.1:PORT/inter.crt: the intermediate's certificate, named by a time-stamping certificate's AIA. */
  intermediateUrl: string;
  /** DER of the seal certificate, the intermediate and the root. */
  seal: Buffer;
  intermediate: Buffer;
  root: Buffer;
  mode: TestCaMode;
  /** Requests answered so far, by path. */
  answered: Record<string, number>;
  /** Marks the seal certificate revoked (keyCompromise) from now on, in OCSP answers and the CRL. */
  revokeSeal(): void;
  /**
   * A time-stamping certificate from the intermediate (once; PEM), for `startTestTsa({ certificate })`: it names
   * its own OCSP responder (/tsa-ocsp), CRL (/tsa.crl, the intermediate's) and its issuer's certificate
   * (/inter.crt, AIA caIssuers); `chain` is the intermediate and the root.
   */
  issueTimeStamping(): Promise<TestTsaCertificate>;
  /** Marks the time-stamping certificate revoked, like revokeSeal. */
  revokeTimeStamping(): void;
  close(): Promise<void>;
}

/** A TSA's key and certificate issued by the test CA, as PEM. */
export interface TestTsaCertificate {
  key: string;
  certificate: string;
  chain: string;
}

const openssl = (args: string[], cwd: string) => run('openssl', args, { cwd });

/**
 * A real CA for tests: root -> intermediate -> seal certificate, made with openssl; the seal certificate names
 * an OCSP responder (AIA) and a CRL distribution point, the intermediate the root's CRL, all served on loopback
 * by `openssl ocsp` and `openssl ca -gencrl` behind a small HTTP server started here.
 */
export async function startTestCa(
  options: {
    /** The CAs' keys: RSA 2048 (default), or ECDSA (root P-384, intermediate P-256). The seal key is RSA. */
    caKeys?: 'rsa' | 'ec';
  } = {},
): Promise<TestCa> {
  const dir = mkdtempSync(join(tmpdir(), 'test-ca-'));
  const server = createServer();
  // Longer than the client's idle timeout (undici's is 4 s): otherwise a request sent on a kept-alive connection
  // as the server closes it (both timers late on a loaded machine) fails with ECONNRESET.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const ext = (name: string, lines: string[]) => {
    writeFileSync(join(dir, `${name}.ext`), `${lines.join('\n')}\n`);
    return `${name}.ext`;
  };
  const curve: Record<string, string> = { root: 'P-384', inter: 'P-256' };
  const key = (name: string) =>
    options.caKeys === 'ec' && curve[name]
      ? openssl(
          [
            'genpkey',
            '-algorithm',
            'EC',
            '-pkeyopt',
            `ec_paramgen_curve:${curve[name]}`,
            '-out',
            `${name}.key`,
          ],
          dir,
        )
      : openssl(['genrsa', '-out', `${name}.key`, '2048'], dir);
  await Promise.all(['root', 'inter', 'seal'].map(key));
  await openssl(
    [
      'req',
      '-x509',
      '-new',
      '-key',
      'root.key',
      '-out',
      'root.crt',
      '-days',
      '30',
      '-subj',
      '/CN=Countersign Test Root CA/O=Countersign Tests',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ],
    dir,
  );
  const issue = async (name: string, subject: string, issuer: string, extFile: string, serial: string) => {
    await openssl(['req', '-new', '-key', `${name}.key`, '-out', `${name}.csr`, '-subj', subject], dir);
    await openssl(
      [
        'x509',
        '-req',
        '-in',
        `${name}.csr`,
        '-CA',
        `${issuer}.crt`,
        '-CAkey',
        `${issuer}.key`,
        '-set_serial',
        `0x${serial}`,
        '-days',
        '30',
        '-sha256',
        '-extfile',
        extFile,
        '-out',
        `${name}.crt`,
      ],
      dir,
    );
  };
  await issue(
    'inter',
    '/CN=Countersign Test Intermediate CA/O=Countersign Tests',
    'root',
    ext('inter', [
      'basicConstraints=critical,CA:TRUE,pathlen:0',
      'keyUsage=critical,keyCertSign,cRLSign',
      `crlDistributionPoints=URI:${base}/root.crl`,
      // Where a certificate's issuer is found when the signer does not send it (a TSA sending only its own).
      `authorityInfoAccess=caIssuers;URI:${base}/root.crt`,
    ]),
    '1001',
  );
  await issue(
    'seal',
    '/CN=Operator Seal/O=Countersign Tests',
    'inter',
    ext('seal', [
      'basicConstraints=critical,CA:FALSE',
      'keyUsage=critical,digitalSignature,nonRepudiation',
      'extendedKeyUsage=emailProtection',
      `crlDistributionPoints=URI:${base}/seal.crl`,
      `authorityInfoAccess=OCSP;URI:${base}/ocsp`,
    ]),
    '2002',
  );

  // openssl's CA databases: one line per issued certificate (V valid, R revoked).
  const expiry = '991231235959Z';
  const issued: { serial: string; subject: string; revokedAt: string | null }[] = [
    { serial: '2002', subject: '/CN=Operator Seal/O=Countersign Tests', revokedAt: null },
  ];
  const writeIndex = () =>
    writeFileSync(
      join(dir, 'inter.index'),
      issued
        .map(
          (c) =>
            `${c.revokedAt ? 'R' : 'V'}\t${expiry}\t${c.revokedAt ? `${c.revokedAt},keyCompromise` : ''}\t${c.serial}\tunknown\t${c.subject}\n`,
        )
        .join(''),
    );
  const revoke = (serial: string) => {
    const stamp = `${new Date().toISOString().slice(2, 19).replace(/[-T:]/g, '')}Z`;
    for (const c of issued) if (c.serial === serial) c.revokedAt = stamp;
    writeIndex();
  };
  writeIndex();
  writeFileSync(
    join(dir, 'root.index'),
    `V\t${expiry}\t\t1001\tunknown\t/CN=Countersign Test Intermediate CA\n`,
  );
  for (const ca of ['inter', 'root']) {
    writeFileSync(join(dir, `${ca}.crlnumber`), '01\n');
    writeFileSync(
      join(dir, `${ca}.cnf`),
      [
        '[ ca ]',
        'default_ca = this',
        '[ this ]',
        `database = ${join(dir, `${ca}.index`)}`,
        `crlnumber = ${join(dir, `${ca}.crlnumber`)}`,
        `certificate = ${join(dir, `${ca}.crt`)}`,
        `private_key = ${join(dir, `${ca}.key`)}`,
        'default_md = sha256',
        'default_crl_days = 1',
        '',
      ].join('\n'),
    );
  }

  const x509Der = (name: string) => new X509Certificate(readFileSync(join(dir, name))).raw;
  const passphrase = 'test-ca-pass';
  writeFileSync(
    join(dir, 'chain.pem'),
    Buffer.concat(['inter.crt', 'root.crt'].map((n) => readFileSync(join(dir, n)))),
  );
  // PBE-SHA1-3DES and a SHA-1 MAC: what node-forge (the seal's PKCS#12 reader) reads.
  await openssl(
    [
      'pkcs12',
      '-export',
      '-inkey',
      'seal.key',
      '-in',
      'seal.crt',
      '-certfile',
      'chain.pem',
      '-passout',
      `pass:${passphrase}`,
      '-keypbe',
      'PBE-SHA1-3DES',
      '-certpbe',
      'PBE-SHA1-3DES',
      '-macalg',
      'sha1',
      '-out',
      'seal.p12',
    ],
    dir,
  );
  const p12 = readFileSync(join(dir, 'seal.p12'));

  // One openssl run at a time: it keeps CRL numbers in files.
  let queue: Promise<unknown> = Promise.resolve();
  let n = 0;
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work);
    queue = next.catch(() => undefined);
    return next;
  };
  const crl = (ca: string) =>
    serially(async () => {
      await openssl(['ca', '-gencrl', '-config', `${ca}.cnf`, '-out', `${ca}.crl.pem`], dir);
      return readFileSync(join(dir, `${ca}.crl.pem`));
    });
  const ocsp = (request: Buffer) =>
    serially(async () => {
      const file = `q${++n}`;
      writeFileSync(join(dir, file), request);
      await openssl(
        [
          'ocsp',
          '-index',
          'inter.index',
          '-CA',
          'inter.crt',
          '-rsigner',
          'inter.crt',
          '-rkey',
          'inter.key',
          '-reqin',
          file,
          '-respout',
          `${file}.resp`,
          '-ndays',
          '1',
        ],
        dir,
      );
      return readFileSync(join(dir, `${file}.resp`));
    });

  const tsaSubject = '/CN=Countersign Test TSA/O=Countersign Tests';
  let timeStamping: Promise<TestTsaCertificate> | undefined;
  const issueTimeStamping = async (): Promise<TestTsaCertificate> => {
    await key('tsa');
    await issue(
      'tsa',
      tsaSubject,
      'inter',
      ext('tsa', [
        'basicConstraints=critical,CA:FALSE',
        'keyUsage=critical,digitalSignature',
        'extendedKeyUsage=critical,timeStamping',
        `crlDistributionPoints=URI:${base}/tsa.crl`,
        `authorityInfoAccess=OCSP;URI:${base}/tsa-ocsp,caIssuers;URI:${base}/inter.crt`,
      ]),
      '3003',
    );
    issued.push({ serial: '3003', subject: tsaSubject, revokedAt: null });
    writeIndex();
    const pem = (name: string) => readFileSync(join(dir, name), 'utf8');
    return { key: pem('tsa.key'), certificate: pem('tsa.crt'), chain: pem('chain.pem') };
  };

  const ca: TestCa = {
    p12,
    passphrase,
    ocspUrl: `${base}/ocsp`,
    sealCrlUrl: `${base}/seal.crl`,
    rootCrlUrl: `${base}/root.crl`,
    intermediateUrl: `${base}/inter.crt`,
    seal: x509Der('seal.crt'),
    intermediate: x509Der('inter.crt'),
    root: x509Der('root.crt'),
    mode: 'up',
    answered: {},
    revokeSeal: () => revoke('2002'),
    issueTimeStamping: () => (timeStamping ??= issueTimeStamping()),
    revokeTimeStamping: () => revoke('3003'),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        rmSync(dir, { recursive: true, force: true });
      }),
  };
  server.on('request', (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (ca.mode === 'down') return res.writeHead(503).end('down for the test');
      const path = req.url ?? '';
      // The seal's and the TSA's sources have paths of their own (counted apart); the intermediate answers both.
      const answer =
        (path === '/ocsp' || path === '/tsa-ocsp') && req.method === 'POST'
          ? ocsp(Buffer.concat(chunks)).then((body) => ['application/ocsp-response', body] as const)
          : path === '/seal.crl' || path === '/tsa.crl' || path === '/root.crl'
            ? crl(path === '/root.crl' ? 'root' : 'inter').then(
                (body) => ['application/pkix-crl', body] as const,
              )
            : path === '/inter.crt' || path === '/root.crt'
              ? Promise.resolve([
                  'application/pkix-cert',
                  path === '/inter.crt' ? ca.intermediate : ca.root,
                ] as const)
              : null;
      if (!answer) return res.writeHead(404).end();
      answer.then(
        ([type, body]) => {
          ca.answered[path] = (ca.answered[path] ?? 0) + 1;
          res.writeHead(200, { 'content-type': type }).end(body);
        },
        (error: Error) => res.writeHead(500).end(error.message),
      );
    });
  });
  return ca;
}
