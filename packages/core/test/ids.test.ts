import { describe, expect, it } from 'vitest';
import { newId, randomBytes } from '../src/support/crypto.ts';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newId', () => {
  it('makes RFC 9562 version 7 UUIDs that carry the current millisecond', () => {
    const before = Date.now();
    const id = newId();
    const after = Date.now();
    expect(id).toMatch(V7);
    const ms = Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(after);
  });

  it('never repeats, sorts in the order made (within a millisecond too), and later milliseconds after', async () => {
    const first = Array.from({ length: 20_000 }, newId);
    expect(new Set(first).size).toBe(first.length);
    expect([...first].sort()).toEqual(first);
    for (const id of first) expect(id).toMatch(V7);
    await new Promise((r) => setTimeout(r, 2));
    const later = newId();
    expect(first.every((id) => id < later)).toBe(true);
  });
});

describe('randomBytes (pooled)', () => {
  it('hands out fresh bytes on every call, across pool refills', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2_000; i++) seen.add(randomBytes(32).toString('hex'));
    expect(seen.size).toBe(2_000);
    expect(() => randomBytes(8193)).toThrow(RangeError);
  });
});
