import { describe, expect, it } from 'vitest';
import { BrandingUpdateRequestSchema, frameOriginProblem } from '../src/index.ts';
import { issueLines } from './helpers.ts';

describe('frameOriginProblem', () => {
  it.each([
    'https://app.example.com',
    'https://app.example.com:8443',
    'https://xn--bcher-kva.example',
    'https://203.0.113.7',
    'http://localhost:5173',
    'http://127.0.0.1:3000',
    'http://127.8.9.10',
    'http://[::1]:8080',
  ])('accepts %s', (value) => {
    expect(frameOriginProblem(value)).toBeUndefined();
  });

  it.each([
    ['https://*', 'must not contain a wildcard (*)'],
    ['https://*.com', 'must not contain a wildcard (*)'],
    ['http://*:9999', 'must not contain a wildcard (*)'],
    ['https://app.example.com:*', 'must not contain a wildcard (*)'],
    ['*', 'must not contain a wildcard (*)'],
    ['app.example.com', 'is not a URL'],
    ['', 'is not a URL'],
    ['http://app.example.com', 'must use https (http only for localhost, 127.0.0.0/8 or [::1])'],
    ['http://10.0.0.1', 'must use https (http only for localhost, 127.0.0.0/8 or [::1])'],
    ['http://localhost.example.com', 'must use https (http only for localhost, 127.0.0.0/8 or [::1])'],
    ['ftp://app.example.com', 'must use https'],
    ['javascript:alert(1)', 'must use https'],
    ['https://app.example.com;script-src', 'must have a plain host name (letters, digits, dots, hyphens)'],
    ['https://user:pw@app.example.com', 'must not carry a user name or password'],
    ['https://user@app.example.com', 'must not carry a user name or password'],
    [
      'https://app.example.com/',
      'must be the exact origin https://app.example.com (no path, query or fragment)',
    ],
    [
      'https://app.example.com/path',
      'must be the exact origin https://app.example.com (no path, query or fragment)',
    ],
    [
      'https://app.example.com?x=1',
      'must be the exact origin https://app.example.com (no path, query or fragment)',
    ],
    [
      'https://app.example.com#top',
      'must be the exact origin https://app.example.com (no path, query or fragment)',
    ],
    [
      'https://App.Example.com',
      'must be the exact origin https://app.example.com (no path, query or fragment)',
    ],
    [
      'https://app.example.com:443',
      'must be the exact origin https://app.example.com (no path, query or fragment)',
    ],
  ])('refuses %j: %s', (value, problem) => {
    expect(frameOriginProblem(value)).toBe(problem);
  });
});

describe('BrandingUpdateRequestSchema frameOrigins', () => {
  it('names each offending value by its path', () => {
    expect(
      issueLines(BrandingUpdateRequestSchema, {
        frameOrigins: ['https://ok.example.com', 'https://*.com', 'http://app.example.com'],
      }),
    ).toEqual([
      'frameOrigins[1]: "https://*.com" must not contain a wildcard (*)',
      'frameOrigins[2]: "http://app.example.com" must use https (http only for localhost, 127.0.0.0/8 or [::1])',
    ]);
  });
});
