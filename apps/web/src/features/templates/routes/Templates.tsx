import type { TemplateSummary } from '@countersign/schemas';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { confirmColumn } from '../../../components/DataTable.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Field, PdfFilesField, TextField } from '../../../components/Field.tsx';
import { Form } from '../../../components/Form.tsx';
import { Options } from '../../../components/Options.tsx';
import { QueryTable } from '../../../components/QueryTable.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import {
  useArchiveTemplate,
  useCreateTemplate,
  useDeleteTemplate,
  useDuplicateTemplate,
  useTemplates,
} from '../api/templates.ts';
import { findTemplates, TEMPLATE_ORDERS, type TemplateOrder } from '../find.ts';

export default function Templates() {
  const [showArchived, setShowArchived] = useState(false);
  const templates = useTemplates(showArchived);
  const archive = useArchiveTemplate();
  const create = useCreateTemplate();
  const remove = useDeleteTemplate();
  const duplicate = useDuplicateTemplate();
  const [query, setQuery] = useState('');
  const [order, setOrder] = useState<TemplateOrder>('newest');
  const shown = templates.data ? findTemplates(templates.data.templates, query, order) : undefined;
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  // A template needs a role (the API refuses one without); roles named by tags in the PDFs come after it.
  const [role, setRole] = useState('Signer');

  return (
    <main className="page" id="main">
      <h1>Templates</h1>
      <Form
        className="card stack"
        aria-labelledby="new-template"
        onSubmit={() =>
          create.mutate(
            {
              name: name.trim() || files[0]?.name.replace(/\.pdf$/i, '') || 'Untitled',
              roles: role.trim() ? [role.trim()] : [],
              files,
            },
            { onSuccess: (t) => navigate(`/templates/${t.templateId}`) },
          )
        }
      >
        <h2 id="new-template">New template</h2>
        <p className="muted">
          Upload one or more PDFs. Form fields and text tags such as{' '}
          <code>{'{{Signature;role=Client}}'}</code> in them become fields you can edit.
        </p>
        <div className="row">
          <TextField label="Name" value={name} onValue={setName} placeholder="e.g. Residential lease" />
          <TextField label="First signer's role" value={role} onValue={setRole} placeholder="e.g. Tenant" />
          <PdfFilesField name="documents" onFiles={setFiles} />
          <button type="submit" className="primary" disabled={create.isPending || files.length === 0}>
            {create.isPending ? 'Uploading…' : 'Create template'}
          </button>
        </div>
        <ErrorNotice error={create.error} />
      </Form>

      <h2 id="your-templates">Your templates</h2>
      <search className="row filters" aria-labelledby="your-templates">
        <TextField label="Find (name or role)" type="search" name="q" value={query} onValue={setQuery} />
        <Field label="Show">
          <select
            name="show"
            value={showArchived ? 'archived' : 'active'}
            onChange={(e) => setShowArchived(e.target.value === 'archived')}
          >
            <Options
              choices={[
                ['active', 'Templates in use'],
                ['archived', 'Archived templates'],
              ]}
            />
          </select>
        </Field>
        <Field label="Order">
          <select name="order" value={order} onChange={(e) => setOrder(e.target.value as TemplateOrder)}>
            <Options choices={TEMPLATE_ORDERS} />
          </select>
        </Field>
      </search>
      <QueryTable
        query={templates}
        rows={shown}
        rowKey={(t) => t.templateId}
        columns={[
          { label: 'Name', cell: (t) => <Link href={`/templates/${t.templateId}`}>{t.name}</Link> },
          { label: 'Roles', cell: (t) => t.roles.join(', ') || '—' },
          { label: 'Fields', cell: (t) => t.fieldCount },
          { label: 'Created', cell: (t) => formatDateTime(t.createdAt) },
          {
            label: 'Send',
            cell: (t) => (
              <span className="row">
                <Link href={`/templates/${t.templateId}/send`} className="button small">
                  Send<span className="visually-hidden"> {t.name}</span>
                </Link>
                <Link href={`/templates/${t.templateId}/bulk`} className="button small">
                  Bulk send<span className="visually-hidden"> {t.name}</span>
                </Link>
              </span>
            ),
          },
          {
            label: 'Archive',
            cell: (t) => (
              <button
                type="button"
                className="small"
                disabled={archive.isPending}
                onClick={() => archive.mutate({ templateId: t.templateId, archived: t.archivedAt === null })}
              >
                {t.archivedAt === null ? 'Archive' : 'Restore'}
                <span className="visually-hidden"> {t.name}</span>
              </button>
            ),
          },
          {
            label: 'Copy',
            cell: (t) => (
              <button
                type="button"
                className="small"
                disabled={duplicate.isPending}
                onClick={() =>
                  duplicate.mutate(t.templateId, {
                    onSuccess: (copy) => navigate(`/templates/${copy.templateId}`),
                  })
                }
              >
                Duplicate<span className="visually-hidden"> {t.name}</span>
              </button>
            ),
          },
          confirmColumn('Delete', (t: TemplateSummary) => ({
            subject: t.name,
            question: `Delete the template ${t.name}? Sessions already sent from it are kept.`,
            onConfirm: () => remove.mutate(t.templateId),
            disabled: remove.isPending,
          })),
        ]}
      >
        {templates.data?.templates.length
          ? 'No template matches.'
          : showArchived
            ? 'No archived templates.'
            : 'No templates yet.'}
      </QueryTable>
      <ErrorNotice error={remove.error ?? duplicate.error ?? archive.error} />
    </main>
  );
}
