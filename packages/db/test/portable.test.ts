import path from 'node:path';
import {
  closeDatabase,
  containsText,
  type Db,
  jsonIsTrue,
  jsonTextEquals,
  larger,
  openDatabase,
  outbox,
} from '@countersign/db';
import { createTestDatabase, tempDir } from '@countersign/test-support';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

// Each portable fragment means the same on both servers: the same rows match on SQLite and PostgreSQL.
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const dialects: [string, () => Promise<Db>][] = [
  ['sqlite', async () => openDatabase(path.join(tempDir('countersign-portable-'), 'db.sqlite'))],
  [
    'postgres',
    async () => {
      const target = await createTestDatabase();
      cleanups.push(() => target.drop());
      return openDatabase(target.url);
    },
  ],
];

describe.each(dialects)('portable SQL on %s', (_name, open) => {
  it('reads JSON text fields and picks the larger value', async () => {
    const db = await open();
    cleanups.push(() => closeDatabase(db));
    const row = (id: string, payload: unknown) => ({
      id,
      kind: 'email' as const,
      payload,
      createdAt: 5,
      availableAt: 0,
    });
    await db
      .insert(outbox)
      .values([
        row('a', { sessionId: 's1', flag: true }),
        row('b', { sessionId: 's2', flag: false }),
        row('c', { sessionId: "s1' or 1=1 --" }),
        row('d', { other: 's1', flag: 1 }),
      ]);
    const ids = async (where: ReturnType<typeof sql>) =>
      (await db.select({ id: outbox.id }).from(outbox).where(where)).map((r) => r.id).sort();

    expect(await ids(jsonTextEquals(db, outbox.payload, 'sessionId', 's1'))).toEqual(['a']);
    expect(await ids(jsonTextEquals(db, outbox.payload, 'sessionId', "s1' or 1=1 --"))).toEqual(['c']);
    expect(await ids(jsonIsTrue(db, outbox.payload, 'flag'))).toEqual(['a']);
    expect(() => jsonTextEquals(db, outbox.payload, "x') or 1=1 --", 'v')).toThrow('not a plain JSON key');

    await db
      .update(outbox)
      .set({ createdAt: larger(db, 3, sql`${outbox.createdAt} + 1`) })
      .where(eq(outbox.id, 'a'));
    await db
      .update(outbox)
      .set({ createdAt: larger(db, 100, sql`${outbox.createdAt} + 1`) })
      .where(and(eq(outbox.id, 'b')));
    const times = await db.select({ id: outbox.id, at: outbox.createdAt }).from(outbox).orderBy(outbox.id);
    expect(times.slice(0, 2)).toEqual([
      { id: 'a', at: 6 },
      { id: 'b', at: 100 },
    ]);
  });

  it('finds text in a column whatever the ASCII case, % and _ taken literally', async () => {
    const db = await open();
    cleanups.push(() => closeDatabase(db));
    const texts = { a: 'NDA Globex', b: 'Offer 100% final', c: 'Offer 1000 final', d: 'a_b', e: 'axb' };
    await db.insert(outbox).values(
      Object.entries(texts).map(([id, lastError]) => ({
        id,
        kind: 'email' as const,
        payload: {},
        createdAt: 0,
        availableAt: 0,
        lastError,
      })),
    );
    const ids = async (text: string) =>
      (
        await db
          .select({ id: outbox.id })
          .from(outbox)
          .where(containsText(db, outbox.lastError, text))
      )
        .map((r) => r.id)
        .sort();
    expect(await ids('globex')).toEqual(['a']);
    expect(await ids('OFFER')).toEqual(['b', 'c']);
    expect(await ids('100%')).toEqual(['b']);
    expect(await ids('a_b')).toEqual(['d']);
    expect(await ids('\\')).toEqual([]);
  });
});
