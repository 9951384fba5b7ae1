import { graphemeLength, singleLine, truncate } from './text.ts';

/** Subjects stay within one line of a phone's inbox and RFC 5322's recommended 78. */
export const SUBJECT_MAX_LENGTH = 78;

/** A person's or account's name inside a subject, so a long one cannot crowd out the title. */
const NAME_MAX_LENGTH = 30;
/** A title always keeps at least this much room, however long the rest. */
const TITLE_MIN_LENGTH = 16;

export function subjectName(name: string): string {
  return truncate(name, NAME_MAX_LENGTH);
}

/** Builds a subject around the title, shortening only the title (with an ellipsis) to fit. */
export function fitSubject(build: (title: string) => string, title: string): string {
  const room = Math.max(SUBJECT_MAX_LENGTH - graphemeLength(build('')), TITLE_MIN_LENGTH);
  return safeSubject(build(truncate(title, room)));
}

/** The last word on every subject, override or not: one line (no header injection), bounded length. */
export function safeSubject(subject: string): string {
  return truncate(singleLine(subject), SUBJECT_MAX_LENGTH);
}
