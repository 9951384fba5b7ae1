import { useState } from 'react';
import { Link } from 'wouter';
import { Form } from '../../../components/Form.tsx';
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

/** `/app/send`: your own PDFs to one or more recipients, without making a template first. */
export default function SendDocuments() {
  const [form, setForm] = useState<DocumentsForm>(initialDocumentsForm);
  const [invalid, setInvalid] = useState<string | null>(null);
  const send = useSendDocuments();
  const change = (patch: Partial<DocumentsForm>) => setForm((f) => ({ ...f, ...patch }));

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
            if (problem === null) send.mutate(form);
          }}
        >
          <DocumentsFieldset
            driveFileIds={form.driveFileIds}
            onFiles={(files) => change({ files })}
            onDriveFiles={(driveFileIds) => change({ driveFileIds })}
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
          <SendError error={send.error} />
          <div className="row">
            <button type="submit" className="primary" disabled={send.isPending}>
              {send.isPending ? 'Sending…' : form.notify ? 'Send invites' : 'Create the links'}
            </button>
          </div>
        </Form>
      )}
    </main>
  );
}
