import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useCreateTemplate, useDeleteTemplate, useTemplates } from '../api/templates.ts';

export default function Templates() {
  const templates = useTemplates();
  const create = useCreateTemplate();
  const remove = useDeleteTemplate();
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  // A template needs a role (the API refuses one without); roles named by tags in the PDFs come after it.
  const [role, setRole] = useState('Signer');

  return (
    <main className="page" id="main">
      <h1>Templates</h1>
      <form
        className="card stack"
        aria-labelledby="new-template"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(
            {
              name: name.trim() || files[0]?.name.replace(/\.pdf$/i, '') || 'Untitled',
              roles: role.trim() ? [role.trim()] : [],
              files,
            },
            { onSuccess: (t) => navigate(`/templates/${t.templateId}`) },
          );
        }}
      >
        <h2 id="new-template">New template</h2>
        <p className="muted">
          Upload one or more PDFs. Form fields and text tags such as{' '}
          <code>{'{{Signature;role=Client}}'}</code> in them become fields you can edit.
        </p>
        <div className="row">
          <label className="field">
            <span>Name</span>
            <input
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder="e.g. Residential lease"
            />
          </label>
          <label className="field">
            <span>First signer's role</span>
            <input value={role} onChange={(e) => setRole(e.target.value)} placeholder="e.g. Tenant" />
          </label>
          <label className="field">
            <span>PDF files</span>
            <input
              type="file"
              name="documents"
              accept="application/pdf,.pdf"
              multiple
              required
              onChange={(e) => setFiles([...(e.target.files ?? [])])}
            />
          </label>
          <button type="submit" className="primary" disabled={create.isPending || files.length === 0}>
            {create.isPending ? 'Uploading…' : 'Create template'}
          </button>
        </div>
        <ErrorNotice error={create.error} />
      </form>

      <h2>Your templates</h2>
      {templates.isPending ? <Loading /> : null}
      <ErrorNotice error={templates.error} />
      {templates.data?.templates.length === 0 ? <p className="muted">No templates yet.</p> : null}
      {templates.data?.templates.length ? (
        <table className="responsive">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Roles</th>
              <th scope="col">Fields</th>
              <th scope="col">Created</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {templates.data.templates.map((t) => (
              <tr key={t.templateId}>
                <td data-label="Name">
                  <Link href={`/templates/${t.templateId}`}>{t.name}</Link>
                </td>
                <td data-label="Roles">{t.roles.join(', ') || '—'}</td>
                <td data-label="Fields">{t.fieldCount}</td>
                <td data-label="Created">{formatDateTime(t.createdAt)}</td>
                <td data-label="Actions">
                  <button
                    type="button"
                    className="small danger"
                    disabled={remove.isPending}
                    onClick={() => {
                      if (confirm(`Delete the template ${t.name}? Sessions already sent from it are kept.`)) {
                        remove.mutate(t.templateId);
                      }
                    }}
                  >
                    Delete <span className="visually-hidden">{t.name}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <ErrorNotice error={remove.error} />
    </main>
  );
}
