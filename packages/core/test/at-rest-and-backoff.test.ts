// Domain tests with no HTTP in the way: encryption at rest (DataKey) and the outbox's retry back-off.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../src/outbox/backoff.ts';
import { DataKey } from '../src/support/data-key.ts';

describe('DataKey (AES-256-GCM)', () => {
  const stored = () => randomBytes(32).toString('base64url');
  it('decrypts what it encrypted, with a fresh IV each time', () => {
    const key = DataKey.fromStored(stored());
    const a = key.encrypt('https://sign.example/s/token-1');
    const b = key.encrypt('https://sign.example/s/token-1');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toContain('token-1');
    expect(key.decrypt(a)).toBe('https://sign.example/s/token-1');
    expect(key.decrypt(b)).toBe('https://sign.example/s/token-1');
  });

  it('refuses a changed ciphertext, another key and a malformed value', () => {
    const key = DataKey.fromStored(stored());
    const encrypted = key.encrypt('secret');
    const [version, iv, tag, body] = encrypted.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => key.decrypt([version, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => DataKey.fromStored(stored()).decrypt(encrypted)).toThrow();
    expect(() => key.decrypt('v2.x.y.z')).toThrow('unreadable encrypted value');
  });

  it('derives the same key from the same passphrase (SECRETS_KEY on every host), another from another', () => {
    const passphrase = 'a passphrase of at least thirty-two characters';
    const encrypted = DataKey.fromPassphrase(passphrase).encrypt('secret');
    expect(DataKey.fromPassphrase(passphrase).decrypt(encrypted)).toBe('secret');
    expect(() => DataKey.fromPassphrase(`${passphrase}!`).decrypt(encrypted)).toThrow();
    expect(() => DataKey.fromStored('too-short')).toThrow('a data key is 32 bytes');
  });
});

describe('backoffDelay (equal jitter)', () => {
  it('waits between half and all of a ceiling that doubles from the base up to the cap', () => {
    const base = 60_000;
    const cap = 8 * 3_600_000;
    for (const [attempt, ceiling] of [
      [1, 60_000],
      [2, 120_000],
      [4, 480_000],
      [10, cap], // 1 min x 2^9 is past the cap
      [30, cap],
    ] as const) {
      expect(backoffDelay(attempt, base, cap, () => 0)).toBe(ceiling / 2);
      expect(backoffDelay(attempt, base, cap, () => 0.5)).toBe((ceiling * 3) / 4);
      expect(backoffDelay(attempt, base, cap, () => 1 - Number.EPSILON)).toBe(ceiling);
    }
  });
});
