import { problemsText, type TemplateFacts, templateProblems } from '@countersign/schemas/template-readiness';
import { DomainError } from '../support/errors.ts';
import type { LoadedTemplate } from './load.ts';

/** A stored template as the readiness rules (the designer's) read it. */
function factsOf(t: LoadedTemplate): TemplateFacts {
  const roleById = new Map(t.roles.map((r) => [r.id, r.label]));
  const documentIndex = new Map(t.documents.map((d, i) => [d.id, i]));
  return {
    roles: t.roles.map((r) => r.label),
    documents: t.documents.map((d) => ({
      pageSizes: d.pageSizes as TemplateFacts['documents'][number]['pageSizes'],
    })),
    fields: t.fields.map((f) => ({
      ...f,
      role: f.roleId === null ? null : (roleById.get(f.roleId) ?? null),
      document: documentIndex.get(f.documentId) ?? -1,
    })),
  };
}

/**
 * Refuses to send a template the designer would flag (a role without a signature field, a field off its
 * page...): 422 `template_not_ready` naming each problem by field label and role, before anything is created.
 */
export function requireReadyToSend(t: LoadedTemplate): void {
  const problems = templateProblems(factsOf(t));
  if (problems.length > 0) {
    throw new DomainError(
      'template_not_ready',
      `the template is not ready to send: ${problemsText(problems.map((p) => p.message))}`,
    );
  }
}
