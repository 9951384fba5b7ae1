import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Form } from '../../../components/Form.tsx';
import type { TemplateWithVersion } from '../../designer/api/template-query.ts';
import { useSendTemplate } from '../api/send.ts';
import { KeepTemplate, keptText } from '../components/KeepTemplate.tsx';
import { PrefillFieldset } from '../components/PrefillFieldset.tsx';
import { RecipientsFieldset } from '../components/RecipientsFieldset.tsx';
import { DeliveryOptions, SigningOptions } from '../components/SendOptions.tsx';
import { SendResult } from '../components/SendResult.tsx';
import { problemsOf, StoredTemplatePage } from '../components/StoredTemplatePage.tsx';
import { placedSendOf, sendFormOfPlaced } from '../placed-send.ts';
import { initialSendForm, prefillFields, type SendForm, sendRequestOf } from '../send-form.ts';

export default function SendTemplate({ params }: { params: { templateId: string } }) {
  return (
    <StoredTemplatePage templateId={params.templateId}>
      {(template) => <SendTemplateForm template={template} />}
    </StoredTemplatePage>
  );
}

function SendTemplateForm({ template }: { template: TemplateWithVersion }) {
  // Documents whose fields the member just placed ("Send documents"): their recipients and options wait here,
  // until a session is made (a send that made none starts from them again).
  const placed = useMemo(() => placedSendOf(template.templateId), [template.templateId]);
  const startForm = () => {
    const waiting = placedSendOf(template.templateId);
    return waiting ? sendFormOfPlaced(template, waiting) : initialSendForm(template);
  };
  const [form, setForm] = useState<SendForm>(startForm);
  const [keep, setKeep] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  const send = useSendTemplate();
  const change = (patch: Partial<SendForm>) => setForm((f) => ({ ...f, ...patch }));
  const problems = problemsOf(template);
  const designer = `/templates/${encodeURIComponent(template.templateId)}`;

  return (
    <>
      <p className="muted">
        <Link href="/templates">Templates</Link> / <Link href={designer}>{template.name}</Link>
      </p>
      <h1>Send {template.name}</h1>
      {problems.length > 0 ? (
        <div className="notice error" role="alert">
          <p>This template cannot be sent yet:</p>
          <ul>
            {problems.map((p) => (
              <li key={p.message}>{p.message}</li>
            ))}
          </ul>
          <p>
            <Link href={designer}>Fix it in the designer</Link>
          </p>
        </div>
      ) : null}
      {send.data ? (
        <>
          <SendResult result={send.data.result} />
          {placed && keep ? <p>{keptText(true)}</p> : null}
          {send.data.archived ? <p>{keptText(false)}</p> : null}
          <ErrorNotice error={send.data.archiveError} />
          <p className="row">
            <button
              type="button"
              onClick={() => {
                send.reset();
                setForm(startForm());
              }}
            >
              Send it again to someone else
            </button>
          </p>
        </>
      ) : (
        <Form
          className="stack"
          aria-label={`Send ${template.name}`}
          onSubmit={() => {
            const body = sendRequestOf(template.templateId, form);
            setInvalid(typeof body === 'string' ? body : null);
            if (typeof body === 'string') return;
            send.mutate({ body, ...(placed ? { placed: { keep } } : {}) });
          }}
        >
          <SigningOptions form={form} onChange={change} />
          <RecipientsFieldset
            recipients={form.recipients}
            sequential={form.signingType === 'sequential'}
            onChange={(recipients) => change({ recipients })}
          />
          <PrefillFieldset
            fields={prefillFields(template)}
            values={form.prefill}
            onChange={(prefill) => change({ prefill })}
          />
          <DeliveryOptions
            form={form}
            onChange={change}
            emailText
            languageDefault="The template’s (or the account’s)"
          />
          {invalid ? (
            <p className="notice error" role="alert">
              Not sent yet: {invalid}
            </p>
          ) : null}
          {placed ? <KeepTemplate keep={keep} onKeep={setKeep} /> : null}
          <ErrorNotice error={send.error} />
          <div className="row">
            <button type="submit" className="primary" disabled={send.isPending || problems.length > 0}>
              {send.isPending ? 'Sending…' : form.notify ? 'Send invites' : 'Create the links'}
            </button>
          </div>
        </Form>
      )}
    </>
  );
}
