import { describe, expect, it } from 'vitest';
import { REFRESH_TOKEN_MAX_LENGTH, TokenRequestSchema, TokenResponseSchema } from '../src/index.ts';
import { issueLines } from './helpers.ts';

describe('TokenRequestSchema (4.1)', () => {
  it('accepts a refresh token', () => {
    expect(TokenRequestSchema.parse({ refresh_token: 'rt_abc' })).toEqual({ refresh_token: 'rt_abc' });
  });

  it.each([
    [{}, ['refresh_token: required']],
    [{ refresh_token: '' }, ['refresh_token: must not be empty']],
    [{ refresh_token: 42 }, ['refresh_token: must be a string']],
    [
      { refresh_token: 'x'.repeat(REFRESH_TOKEN_MAX_LENGTH + 1) },
      [`refresh_token: must be at most ${REFRESH_TOKEN_MAX_LENGTH} characters`],
    ],
    [null, ['must be an object']],
    [[], ['must be an object']],
  ])('rejects %j', (body, lines) => {
    expect(issueLines(TokenRequestSchema, body)).toEqual(lines);
  });

  it('accepts a token of the maximum length', () => {
    expect(issueLines(TokenRequestSchema, { refresh_token: 'x'.repeat(REFRESH_TOKEN_MAX_LENGTH) })).toEqual(
      [],
    );
  });

  it('rejects the OAuth fields the server fixes, naming each', () => {
    const body = { refresh_token: 'rt_abc', grant_type: 'refresh_token', client_id: 'app' };
    expect(issueLines(TokenRequestSchema, body)).toEqual([
      'grant_type: unknown property',
      'client_id: unknown property',
    ]);
  });
});

describe('TokenResponseSchema (4.1)', () => {
  const token = { access_token: 'eyJ.eyJ.sig', token_type: 'Bearer', expires_in: 900 };

  it('accepts the token body', () => {
    expect(TokenResponseSchema.parse(token)).toEqual(token);
  });

  it('rejects another token type, a non-positive lifetime and extra properties', () => {
    expect(issueLines(TokenResponseSchema, { ...token, token_type: 'MAC' })).toEqual([
      'token_type: must be one of: Bearer',
    ]);
    expect(issueLines(TokenResponseSchema, { ...token, expires_in: 0 })).toEqual([
      'expires_in: must be an integer greater than 0',
    ]);
    expect(issueLines(TokenResponseSchema, { ...token, scope: 'all' })).toEqual(['scope: unknown property']);
  });
});
