import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Form } from '../../../components/Form.tsx';
import { useDriveFiles } from '../../drive/api/drive.ts';
import { usePlaceFields } from '../api/place-fields.ts';
import { useSendDocuments } from '../api/send.ts';
import { DocumentsFieldset } from '../components/DocumentsFieldset.tsx';
import { DocumentsResult } from '../components/DocumentsResult.tsx';
import { RecipientsFieldset } from '../components/RecipientsFieldset.tsx';
import { SendError } from '../components/SendError.tsx';
import { DeliveryOptions, SigningOptions } from '../components/SendOptions.tsx';
import {
  blankRecipient,
  type DocumentsForm,
  documentsProblem,
  initialDocumentsForm,
} from '../documents-form.ts';

/**
 * `/app/send`: your own PDFs to one or more recipients, without making a template first. Countersign places the
 * fields (the API's own-PDF send), or the member does: the PDFs become a template for these recipients and the
 * designer opens on it (placed-send.ts).
 */
export default function SendDocuments() {
  const [form, setForm] = useState<DocumentsForm>(initialDocumentsForm);
  const [invalid, setInvalid] = useState<string | null>(null);
  const send = useSendDocuments();
  const place = usePlaceFields();
  const drive = useDriveFiles();
  const [, navigate] = useLocation();
  const change = (patch: Partial<DocumentsForm>) => setForm((f) => ({ ...f, ...patch }));
  const placing = form.fieldsBy === 'designer';

  return (
    <main className="page" id="main">
      <p className="muted">
        <Link href="/sessions">Sessions</Link>
      </p>
      <h1>Send documents</h1>
      {send.data ? (
        <>
          <DocumentsResult
            result={send.data}
            emailed={form.notify}
            sequential={form.signingType === 'sequential'}
          />
          <p className="row">
            <button
              type="button"
              onClick={() => {
                send.reset();
                setForm(initialDocumentsForm());
              }}
            >
              Send more documents
            </button>
          </p>
        </>
      ) : (
        <Form
          className="stack"
          aria-label="Send documents"
          onSubmit={() => {
            const problem = documentsProblem(form);
            setInvalid(problem);
            if (problem !== null) return;
            if (!placing) send.mutate(form);
            else
              place.mutate(
                { form, driveFiles: drive.data?.files ?? [] },
                { onSuccess: (templateId) => navigate(`/templates/${encodeURIComponent(templateId)}`) },
              );
          }}
        >
          <DocumentsFieldset
            files={drive.data?.files ?? []}
            driveFileIds={form.driveFileIds}
            fieldsBy={form.fieldsBy}
            onFiles={(files) => change({ files })}
            onDriveFiles={(driveFileIds) => change({ driveFileIds })}
            onFieldsBy={(fieldsBy) => {
              // The other way's refusal no longer applies.
              send.reset();
              place.reset();
              change({ fieldsBy });
            }}
          />
          <fieldset className="card stack">
            <legend className="legend-title">Title</legend>
            <label className="field">
              <span>Title (empty: the first document's name)</span>
              <input name="title" value={form.title} onChange={(e) => change({ title: e.target.value })} />
            </label>
          </fieldset>
          <SigningOptions form={form} onChange={change} />
          <RecipientsFieldset
            recipients={form.recipients}
            sequential={form.signingType === 'sequential'}
            onChange={(recipients) => change({ recipients })}
            onAdd={() => change({ recipients: [...form.recipients, blankRecipient()] })}
          />
          <DeliveryOptions form={form} onChange={change} emailText={false} languageDefault="The account’s" />
          {invalid ? (
            <p className="notice error" role="alert">
              Not sent yet: {invalid}
            </p>
          ) : null}
          <SendError error={send.error ?? place.error} />
          <div className="row">
            <button type="submit" className="primary" disabled={send.isPending || place.isPending}>
              {submitText(form, send.isPending || place.isPending)}
            </button>
          </div>
        </Form>
      )}
    </main>
  );
}

function submitText(form: DocumentsForm, pending: boolean): string {
  if (form.fieldsBy === 'designer') return pending ? 'Uploading…' : 'Place the fields';
  if (pending) return 'Sending…';
  return form.notify ? 'Send invites' : 'Create the links';
}
