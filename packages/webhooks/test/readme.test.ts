import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateWebhookSecret, signWebhook } from '../src/index.ts';
import { isGenuine } from './readme-standalone-verifier.ts';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const STANDALONE = readFileSync(new URL('./readme-standalone-verifier.ts', import.meta.url), 'utf8');
// Type-checked with the package (tsc includes test/), never run: it listens on a fixed port.
const RECEIVER = readFileSync(new URL('./readme-receiver-example.ts', import.meta.url), 'utf8');

describe('README', () => {
  it('shows the receiver example and the standalone verifier exactly as checked here', () => {
    expect(README).toContain(RECEIVER.trim());
    expect(README).toContain(STANDALONE.trim());
  });

  it('the standalone verifier accepts our signatures and refuses the rest', () => {
    const [oldSecret, newSecret] = [generateWebhookSecret(), generateWebhookSecret()];
    const body = '{"type":"session.completed"}';
    const t = 1_700_000_000;
    const header = signWebhook({ id: 'evt_1', timestamp: t, body, secrets: [oldSecret, newSecret] })[
      'X-Service-Signature'
    ];
    expect(isGenuine(Buffer.from(body), header, oldSecret, t + 10)).toBe(true);
    expect(isGenuine(Buffer.from(body), header, newSecret, t - 10)).toBe(true);
    expect(isGenuine(Buffer.from(`${body} `), header, oldSecret, t)).toBe(false);
    expect(isGenuine(Buffer.from(body), header, generateWebhookSecret(), t)).toBe(false);
    expect(isGenuine(Buffer.from(body), header, oldSecret, t + 301)).toBe(false);
    expect(isGenuine(Buffer.from(body), undefined, oldSecret, t)).toBe(false);
    expect(isGenuine(Buffer.from(body), 't=1700000000,v1=zz', oldSecret, t)).toBe(false);
  });
});
