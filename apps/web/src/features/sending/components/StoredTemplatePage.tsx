import { templateProblems } from '@countersign/schemas/template-readiness';
import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { type TemplateWithVersion, templateQuery } from '../../designer/api/template-query.ts';

/** The designer's problems for a stored template: the same rules the API refuses a send for. */
export const problemsOf = (t: TemplateWithVersion) =>
  templateProblems({
    roles: t.roles,
    documents: t.documents,
    fields: t.fields.map((f) => ({
      ...f,
      document: t.documents.findIndex((d) => d.filename === f.document),
    })),
  });

/**
 * A page that sends a template (one recipient set, or a spreadsheet of them): always the stored template, not a
 * working copy a designer tab left in the cache, since that is what is sent; its form starts again when the
 * template's version changes.
 */
export function StoredTemplatePage({
  templateId,
  children,
}: {
  templateId: string;
  children(template: TemplateWithVersion): ReactNode;
}) {
  const template = useQuery({ ...templateQuery(templateId), staleTime: 0 });
  return (
    <main className="page" id="main">
      {template.isPending ? <Loading /> : null}
      <ErrorNotice error={template.error} />
      {template.data ? <Fragment key={template.data.version}>{children(template.data)}</Fragment> : null}
    </main>
  );
}
