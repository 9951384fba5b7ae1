import { z } from '@hono/zod-openapi';
import { EMAIL_MAX_LENGTH, PATH_ID_MAX_LENGTH } from './limits.ts';
import { EMAIL_PATTERN, unreadable } from './text-rules.ts';

/**
 * Building blocks shared by every body. Each check carries a short lowercase message written to read well
 * after a path prefix (`signingRequests[0].recipients[1].email: invalid email`).
 */
export const issueMessages = {
  required: 'required',
  unknownProperty: 'unknown property',
  notEmpty: 'must not be empty',
  string: 'must be a string',
  boolean: 'must be a boolean',
  object: 'must be an object',
  array: 'must be an array',
  email: 'invalid email',
  uuid: 'must be a UUID',
} as const;

/** A missing property reaches a schema as `undefined`: say "required" rather than "must be a string". */
const orRequired =
  (message: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? issueMessages.required : message;

const tooLong = (max: number) => `must be at most ${max} characters`;

/** A string, possibly empty (the spec sets no minimum), of at most `max` characters when given. */
export const textString = (max?: number) => {
  const text = z.string({ error: orRequired(issueMessages.string) });
  return max === undefined ? text : text.max(max, { error: tooLong(max) });
};

/** A string (of at most `max` characters when given), or null: the spec's "string or null". */
export const nullableString = (max?: number, rule: (text: z.ZodString) => z.ZodString = (text) => text) => {
  const text = z.string({ error: orRequired('must be a string or null') });
  return rule(max === undefined ? text : text.max(max, { error: tooLong(max) })).nullable();
};

/** A string of 1 (the spec's minLength 1) to `max` characters. */
export const nonEmptyString = (max: number) =>
  z
    .string({ error: orRequired(issueMessages.string) })
    .min(1, { error: issueMessages.notEmpty })
    .max(max, { error: tooLong(max) });

/** An email address (zod's practical pattern, the one most services accept), at most 254 characters. */
export const emailString = () =>
  z
    .email({
      pattern: EMAIL_PATTERN,
      error: (issue) =>
        issue.input === undefined
          ? issueMessages.required
          : issue.code === 'invalid_type'
            ? issueMessages.string
            : issueMessages.email,
    })
    .max(EMAIL_MAX_LENGTH, { error: tooLong(EMAIL_MAX_LENGTH) });

/**
 * UUID syntax, 8-4-4-4-12 hex digits in any case, whatever its version and variant bits: a well-formed id that
 * names no session is a 404, not a validation error.
 */
export const uuidString = () => z.guid({ error: orRequired(issueMessages.uuid) });

/**
 * A resource id in a URL path (`{sessionId}`, `{documentId}`, `{webhookId}`, `{deliveryId}`): 1 to 100
 * characters, checked before any lookup; too long answers 400 naming the parameter ("sessionId: Too big...").
 * An id of the right length that names nothing is a 404, not a validation error.
 */
export const PathIdSchema = z.string().min(1).max(PATH_ID_MAX_LENGTH);

export const booleanValue = () => z.boolean({ error: orRequired(issueMessages.boolean) });

/**
 * An integer of at least `min` (and at most `max` when given; responses leave it out). The range message also
 * covers non-integers, so `1.5` and `0` both read "must be an integer greater than 0".
 */
export const integerInRange = (min: number, max?: number) => {
  const range = min === 1 ? 'must be an integer greater than 0' : `must be an integer of at least ${min}`;
  const tooBig = `must be at most ${max ?? Number.MAX_SAFE_INTEGER}`;
  const int = z
    .int({
      // z.int() also enforces the safe-integer range itself; word that like our own bounds.
      error: (issue) =>
        issue.input === undefined ? issueMessages.required : issue.code === 'too_big' ? tooBig : range,
    })
    .min(min, { error: range });
  return max === undefined ? int : int.max(max, { error: tooBig });
};

/** An array of `min` (default 0) to `max` (default unbounded: responses) items. */
export const arrayOf = <T extends z.ZodType>(item: T, bounds: { min?: number; max?: number } = {}) => {
  let list = z.array(item, { error: orRequired(issueMessages.array) });
  const { min = 0, max } = bounds;
  if (min > 0) {
    list = list.min(min, { error: min === 1 ? issueMessages.notEmpty : `must have at least ${min} items` });
  }
  return max === undefined ? list : list.max(max, { error: `must have at most ${max} items` });
};

/** An object that rejects unknown properties (spec 4: `additionalProperties` false on every object). */
export const strictObject = <S extends z.ZodRawShape>(shape: S) =>
  z.strictObject(shape, { error: orRequired(issueMessages.object) });

/** One of a fixed set of strings. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: orRequired(`must be one of: ${values.join(', ')}`) });

export const signingTypes = ['parallel', 'sequential'] as const;
export type SigningType = (typeof signingTypes)[number];
/** Spec 3: `parallel` lets all recipients sign at once; `sequential` makes them sign in recipient order. */
export const SigningTypeSchema = oneOf(signingTypes);

export const authRequirements = ['public', 'otp'] as const;
export type AuthRequirement = (typeof authRequirements)[number];
/** Spec 4.2: `otp` verifies each signer by one-time code; `public` removes verification. */
export const AuthRequirementSchema = oneOf(authRequirements);

/** The one rule for text people read, as a refinement (text-rules.ts `unreadable` says what it checks). */
export const readableText = <T extends z.ZodString>(schema: T, options: { multiLine?: boolean } = {}) =>
  schema.superRefine((s: string, ctx) => {
    const problem = unreadable(s, options);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
