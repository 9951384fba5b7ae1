import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export { makeMessage } from './test-message.ts';

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`, with the credentials when the server requires auth. */
  url: string;
  port: number;
  /** Every accepted message, parsed, in arrival order. */
  messages: ParsedMail[];
  /** Resolves with the first message (already received or still to come) that matches. */
  waitFor(predicate: (m: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  /** From now on, answer RCPT TO for `address` with `code` (e.g. 550, 451). */
  reject(address: string, code: number, text?: string): void;
  close(): Promise<void>;
}

export interface TestSmtpServerOptions {
  /** Require AUTH PLAIN/LOGIN with these credentials (over plain TCP: it is a test server). */
  auth?: { user: string; pass: string };
}

/** A real SMTP server on 127.0.0.1 (port chosen by the OS) that keeps what it receives. */
export async function startTestSmtpServer(options: TestSmtpServerOptions = {}): Promise<TestSmtpServer> {
  const messages: ParsedMail[] = [];
  const arrivals = new EventEmitter();
  const rejections = new Map<string, { code: number; text: string }>();
  const { auth } = options;

  const server = new SMTPServer({
    disabledCommands: auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authOptional: !auth,
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 200,
    onAuth(credentials, _session, callback) {
      if (auth && credentials.username === auth.user && credentials.password === auth.pass) {
        callback(null, { user: credentials.username });
      } else {
        callback(Object.assign(new Error('Invalid credentials'), { responseCode: 535 }));
      }
    },
    onRcptTo(address, _session, callback) {
      const rule = rejections.get(address.address.toLowerCase());
      if (rule) {
        callback(Object.assign(new Error(rule.text), { responseCode: rule.code }));
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          messages.push(parsed);
          arrivals.emit('message', parsed);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  const credentials = auth ? `${encodeURIComponent(auth.user)}:${encodeURIComponent(auth.pass)}@` : '';

  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    port,
    messages,
    waitFor(predicate, timeoutMs = 5_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const onMessage = (m: ParsedMail) => {
          if (!predicate(m)) return;
          clearTimeout(timer);
          arrivals.off('message', onMessage);
          resolve(m);
        };
        const timer = setTimeout(() => {
          arrivals.off('message', onMessage);
          reject(new Error(`no matching message within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        arrivals.on('message', onMessage);
      });
    },
    reject(address, code, text = code >= 500 ? 'Mailbox unavailable' : 'Try again later') {
      rejections.set(address.toLowerCase(), { code, text });
    },
    close() {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
