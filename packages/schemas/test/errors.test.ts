import { describe, expect, it } from 'vitest';
import {
  ErrorCode,
  ErrorResponseSchema,
  errorCodes,
  errorDescription,
  errorStatus,
  isErrorCode,
  SessionErrorResponseSchema,
  SessionsSendRejectedResponseSchema,
} from '../src/index.ts';
import { issueLines } from './helpers.ts';

describe('error codes', () => {
  it('map every code the brief names to its status', () => {
    expect(errorStatus).toMatchObject({
      invalid_request: 400,
      unauthorized: 401,
      invalid_grant: 400,
      rate_limited: 429,
      not_found: 404,
      template_not_found: 404,
      session_not_found: 404,
      unmapped_placeholders: 400,
      unknown_recipient_label: 400,
      session_completed: 409,
      documents_rejected: 422,
      all_rows_failed: 422,
      cloud_file_not_found: 400,
      drive_unavailable: 502,
      allowance_exhausted: 429,
      service_unavailable: 503,
      payload_too_large: 413,
      idempotency_key_reused: 422,
      idempotency_in_progress: 409,
      internal_error: 500,
    });
  });

  it('give every code a status, a description and a named constant', () => {
    expect(errorCodes.length).toBeGreaterThan(20);
    expect(Object.keys(errorStatus)).toEqual(errorCodes);
    for (const code of errorCodes) {
      expect(ErrorCode[code]).toBe(code);
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(errorStatus[code]).toBeGreaterThanOrEqual(400);
      expect(errorStatus[code]).toBeLessThan(600);
      expect(errorDescription[code]).toMatch(/\S/);
    }
  });

  it('recognise codes, and only codes', () => {
    expect(isErrorCode('session_completed')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(400)).toBe(false);
  });
});

describe('error bodies (4 and 7)', () => {
  it('base body: error required, message optional, nothing else', () => {
    expect(ErrorResponseSchema.parse({ error: 'template_not_found' })).toEqual({
      error: 'template_not_found',
    });
    expect(issueLines(ErrorResponseSchema, { message: 'x' })).toEqual(['error: required']);
    expect(issueLines(ErrorResponseSchema, { error: 'invalid_request', cloudFileId: 'f' })).toEqual([
      'cloudFileId: unknown property',
    ]);
  });

  it('session body may name the cloud file', () => {
    const body = { error: 'cloud_file_not_found', message: 'not found', cloudFileId: 'f1' };
    expect(SessionErrorResponseSchema.parse(body)).toEqual(body);
    expect(issueLines(SessionErrorResponseSchema, { ...body, rows: [] })).toEqual(['rows: unknown property']);
  });

  describe('own-PDF 422 body', () => {
    const failedDocument = { cloudFileId: null, filename: 'a.pdf', reason: 'xfa', message: 'XFA form' };
    const failedRow = { row: 0, status: 'failed', error: 'send_failed', message: 'boom' };

    it('carries failedDocuments, rows, or both', () => {
      for (const body of [
        { error: 'documents_rejected', message: 'rejected', failedDocuments: [failedDocument] },
        { error: 'all_rows_failed', message: 'every row failed', rows: [failedRow] },
        { error: 'documents_rejected', message: 'm', failedDocuments: [failedDocument], rows: [failedRow] },
      ]) {
        expect(issueLines(SessionsSendRejectedResponseSchema, body)).toEqual([]);
      }
    });

    it('requires the message and one of the two lists', () => {
      expect(
        issueLines(SessionsSendRejectedResponseSchema, { error: 'documents_rejected', failedDocuments: [] }),
      ).toEqual(['message: required']);
      expect(
        issueLines(SessionsSendRejectedResponseSchema, { error: 'documents_rejected', message: 'm' }),
      ).toEqual(['must have failedDocuments or rows']);
    });

    it('is strict at every depth', () => {
      const body = {
        error: 'documents_rejected',
        message: 'm',
        failedDocuments: [{ ...failedDocument, pages: 3 }],
        rows: [{ ...failedRow, extra: 1 }],
      };
      expect(issueLines(SessionsSendRejectedResponseSchema, body)).toEqual([
        'failedDocuments[0].pages: unknown property',
        'rows[0].extra: unknown property',
      ]);
      expect(issueLines(SessionsSendRejectedResponseSchema, { ...body, failedDocuments: [{}] })).toContain(
        'failedDocuments[0].reason: required',
      );
    });
  });
});
