import { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { formatIssueLine, formatIssuePath, formatIssues, strictObject } from '../src/index.ts';

describe('formatIssuePath', () => {
  it.each([
    [[], ''],
    [['templateId'], 'templateId'],
    [['signingRequests', 0, 'recipients', 1, 'email'], 'signingRequests[0].recipients[1].email'],
    [[3], '[3]'],
    [['cc', 20], 'cc[20]'],
    [['weird key', 'a.b'], '["weird key"]["a.b"]'],
    [['x', '$ok', '_ok'], 'x.$ok._ok'],
  ] as const)('%j -> %s', (path, expected) => {
    expect(formatIssuePath(path)).toBe(expected);
  });
});

describe('formatIssues', () => {
  const schema = strictObject({ a: strictObject({ b: z.string() }) });

  it('gives one entry per unknown key, with the key in the path', () => {
    const result = schema.safeParse({ a: { b: 'x', c: 1, 'd e': 2 }, f: 3 });
    expect(result.success).toBe(false);
    expect(formatIssues(result.error!)).toEqual([
      { path: 'a.c', message: 'unknown property' },
      { path: 'a["d e"]', message: 'unknown property' },
      { path: 'f', message: 'unknown property' },
    ]);
  });

  it('drops repeated identical entries', () => {
    const error = new z.ZodError([
      { code: 'custom', path: ['a'], message: 'bad', input: 1 },
      { code: 'custom', path: ['a'], message: 'bad', input: 1 },
      { code: 'custom', path: ['a'], message: 'worse', input: 1 },
    ]);
    expect(formatIssues(error)).toEqual([
      { path: 'a', message: 'bad' },
      { path: 'a', message: 'worse' },
    ]);
  });

  it('prints a root issue without a path prefix', () => {
    expect(formatIssueLine({ path: '', message: 'must be an object' })).toBe('must be an object');
    expect(formatIssueLine({ path: 'a.b', message: 'required' })).toBe('a.b: required');
  });
});
