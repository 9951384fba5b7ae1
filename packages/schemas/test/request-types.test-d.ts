// Type tests, run by vitest's typecheck (`*.test-d.ts`): what handlers see after parsing, and what callers may omit.
import { describe, expectTypeOf, it } from 'vitest';
import type {
  SessionsSendRequest,
  SessionsSendRequestInput,
  TemplateSendRequest,
  TemplateSendRequestInput,
} from '../src/index.ts';

describe('SessionsSendRequest', () => {
  it('types title as optional even after parsing', () => {
    expectTypeOf<SessionsSendRequest['title']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<SessionsSendRequest['notify']>().toEqualTypeOf<boolean>();
    expectTypeOf<SessionsSendRequestInput['expiresInDays']>().toEqualTypeOf<number | undefined>();
  });
});

describe('TemplateSendRequest', () => {
  it('types the input with optional defaults and the output with them applied', () => {
    expectTypeOf<TemplateSendRequestInput['notify']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<TemplateSendRequest['notify']>().toEqualTypeOf<boolean>();
    expectTypeOf<TemplateSendRequest['signingType']>().toEqualTypeOf<'parallel' | 'sequential'>();
    expectTypeOf<TemplateSendRequest['subject']>().toEqualTypeOf<string | null | undefined>();
  });
});
