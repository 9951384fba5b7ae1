import { describe, expect, it } from 'vitest';
import {
  REASON_MAX_LENGTH,
  SessionsCancelRequestSchema,
  SessionsCancelResponseSchema,
} from '../src/index.ts';
import { issueLines } from './helpers.ts';

const sessionId = '9d2b7e40-1c3a-4f6e-8b51-2a7c9e0d4f63';

describe('SessionsCancelRequestSchema (4.4)', () => {
  it('accepts a session id with or without a reason', () => {
    expect(SessionsCancelRequestSchema.parse({ sessionId })).toEqual({ sessionId });
    const withReason = { sessionId: sessionId.toUpperCase(), reason: 'r'.repeat(REASON_MAX_LENGTH) };
    expect(SessionsCancelRequestSchema.parse(withReason)).toEqual(withReason);
  });

  it.each<[unknown, string]>([
    [{}, 'sessionId: required'],
    [{ sessionId: 'not-a-uuid' }, 'sessionId: must be a UUID'],
    [{ sessionId: `${sessionId}0` }, 'sessionId: must be a UUID'],
    [{ sessionId: 42 }, 'sessionId: must be a UUID'],
    [{ sessionId, reason: '' }, 'reason: must not be empty'],
    [{ sessionId, reason: 'r'.repeat(REASON_MAX_LENGTH + 1) }, 'reason: must be at most 500 characters'],
    [{ sessionId, reason: null }, 'reason: must be a string'],
    [{ sessionId, notify: true }, 'notify: unknown property'],
  ])('rejects %j', (body, line) => {
    expect(issueLines(SessionsCancelRequestSchema, body)).toEqual([line]);
  });
});

describe('SessionsCancelResponseSchema (4.4)', () => {
  it('accepts both outcomes', () => {
    for (const alreadyCancelled of [false, true]) {
      const body = { sessionId, cancelled: true, alreadyCancelled };
      expect(SessionsCancelResponseSchema.parse(body)).toEqual(body);
    }
  });

  it('rejects cancelled false, a missing flag and extra properties', () => {
    expect(
      issueLines(SessionsCancelResponseSchema, { sessionId, cancelled: false, alreadyCancelled: false }),
    ).toEqual(['cancelled: must be true']);
    expect(issueLines(SessionsCancelResponseSchema, { sessionId, cancelled: true })).toEqual([
      'alreadyCancelled: required',
    ]);
    expect(
      issueLines(SessionsCancelResponseSchema, {
        sessionId,
        cancelled: true,
        alreadyCancelled: true,
        status: 'x',
      }),
    ).toEqual(['status: unknown property']);
  });
});
