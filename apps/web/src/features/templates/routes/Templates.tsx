import type { TemplateSummary } from '@countersign/schemas';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { confirmColumn } from '../../../components/DataTable.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Field, PdfFilesField, TextField } from '../../../components/Field.tsx';
import { Form } from '../../../components/Form.tsx';
import { Options } from '../../../components/Options.tsx';
import { QueryTable } from '../../../components/QueryTable.tsx';
import { useAddressQuery } from '../../../lib/address-query.ts';
import { formatDateTime } from '../../../lib/format.ts';
import {
  useArchiveTemplate,
  useCreateTemplate,
  useDeleteTemplate,
  useDuplicateTemplate,
  useTemplates,
} from '../api/templates.ts';
import { TagsCell } from '../components/TagsCell.tsx';
import { findTemplates, TEMPLATE_ORDERS, type TemplateOrder, tagChoices } from '../find.ts';

/** The list's filters, kept in the address (`?q=lease&tag=HR&show=archived&order=name`). */
const FILTERS = ['q', 'tag', 'show', 'order'] as const;

export default function Templates() {
  const [filters, setFilters] = useAddressQuery(FILTERS);
  const showArchived = filters.show === 'archived';
  const query = filters.q ?? '';
  const tag = filters.tag ?? '';
  const order = TEMPLATE_ORDERS.some(([o]) => o === filters.order)
    ? (filters.order as TemplateOrder)
    : 'newest';
  const templates = useTemplates(showArchived);
  const archive = useArchiveTemplate();
  const create = useCreateTemplate();
  const remove = useDeleteTemplate();
  const duplicate = useDuplicateTemplate();
  const shown = templates.data ? findTemplates(templates.data.templates, query, order, tag) : undefined;
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
        <TextField
          label="Find (name or role)"
          type="search"
          name="q"
          value={query}
          onValue={(q) => setFilters({ q })}
        />
        <Field label="Tag">
          <select name="tag" value={tag} onChange={(e) => setFilters({ tag: e.target.value })}>
            <Options none="All tags" choices={tagChoices(templates.data?.templates ?? [], tag)} />
          </select>
        </Field>
        <Field label="Show">
          <select
            name="show"
            value={showArchived ? 'archived' : 'active'}
            onChange={(e) => setFilters({ show: e.target.value === 'archived' ? 'archived' : undefined })}
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
          <select
            name="order"
            value={order}
            onChange={(e) => setFilters({ order: e.target.value === 'newest' ? undefined : e.target.value })}
          >
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
          { label: 'Tags', cell: (t) => <TagsCell template={t} /> },
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
