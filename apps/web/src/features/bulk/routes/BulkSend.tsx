import type { SendProgress, TemplateSendResponse } from '@countersign/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Field } from '../../../components/Field.tsx';
import { Form } from '../../../components/Form.tsx';
import { api } from '../../../lib/api-client.ts';
import type { TemplateWithVersion } from '../../designer/api/template-query.ts';
import { DeliveryOptions, SigningOptions } from '../../sending/components/SendOptions.tsx';
import { problemsOf, StoredTemplatePage } from '../../sending/components/StoredTemplatePage.tsx';
import { templateOptionsOf } from '../../sending/send-form.ts';
import { initialOptions, type SendOptions } from '../../sending/send-options.ts';
import { type Checked, checkRows } from '../check.ts';
import { BulkResult } from '../components/BulkResult.tsx';
import { ColumnsFieldset } from '../components/ColumnsFieldset.tsx';
import { PreviewSection } from '../components/PreviewSection.tsx';
import { autoMap, type Mapping, targetsOf } from '../mapping.ts';
import { readSheet, type Sheet, SheetError } from '../sheet.ts';

export default function BulkSend({ params }: { params: { templateId: string } }) {
  return (
    <StoredTemplatePage templateId={params.templateId}>
      {(template) => <BulkSendForm template={template} />}
    </StoredTemplatePage>
  );
}

/** One send: its key names it, so the page can follow its progress (GET /api/sends/progress) while it runs. */
interface Running {
  key: string;
  checked: Checked;
}

function BulkSendForm({ template }: { template: TemplateWithVersion }) {
  const targets = useMemo(() => targetsOf(template), [template]);
  const [sheet, setSheet] = useState<{ name: string; sheet: Sheet } | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<Mapping>({});
  const [options, setOptions] = useState<SendOptions>(() => initialOptions([], true));
  const [running, setRunning] = useState<Running | null>(null);
  const [result, setResult] = useState<TemplateSendResponse | null>(null);
  const [sendError, setSendError] = useState<unknown>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [polling, setPolling] = useState(false);
  const client = useQueryClient();
  const checked = useMemo(
    () => (sheet ? checkRows(sheet.sheet, targets, mapping) : null),
    [sheet, targets, mapping],
  );
  const notReady = problemsOf(template);
  const progress = useQuery({
    queryKey: ['send-progress', running?.key],
    queryFn: () =>
      api<SendProgress>(`/api/sends/progress?idempotencyKey=${encodeURIComponent(running!.key)}`),
    enabled: polling && result === null,
    refetchInterval: 500,
    retry: false,
  });
  const designer = `/templates/${encodeURIComponent(template.templateId)}`;

  const choose = async (file: File | undefined) => {
    // The preview's time, from here to PreviewSection's mark: what `pnpm bench web-bulk` measures.
    performance.mark('bulk:chosen');
    setReadError(null);
    setSheet(null);
    if (!file) return;
    try {
      const read = await readSheet(file);
      setSheet({ name: file.name, sheet: read });
      setMapping(autoMap(read.headers, targets));
    } catch (err) {
      setReadError(
        err instanceof SheetError ? err.message : `The file could not be read: ${(err as Error).message}`,
      );
    }
  };

  const send = async () => {
    if (!checked || checked.blocking.length > 0 || checked.entries.length === 0) return;
    const body = templateOptionsOf(options);
    setInvalid(typeof body === 'string' ? body : null);
    if (typeof body === 'string') return;
    const key = `bulk-${crypto.randomUUID()}`;
    performance.mark('bulk:send');
    setRunning({ key, checked });
    setSendError(null);
    // Followed from a second on: a shorter send needs no bar, and by then the server holds the key's claim
    // (asked any sooner, the key might not be known yet: a 404).
    const follow = setTimeout(() => setPolling(true), 1000);
    try {
      const answer = await api<TemplateSendResponse>('/api/templates/send', {
        json: { templateId: template.templateId, signingRequests: checked.entries, ...body },
        headers: { 'Idempotency-Key': key },
      });
      setResult(answer);
      performance.mark('bulk:sent');
      void client.invalidateQueries({ queryKey: ['sessions'] });
    } catch (err) {
      setSendError(err);
      setRunning(null);
    } finally {
      clearTimeout(follow);
      setPolling(false);
    }
  };

  return (
    <>
      <p className="muted">
        <Link href="/templates">Templates</Link> / <Link href={designer}>{template.name}</Link>
      </p>
      <h1>Bulk send {template.name}</h1>
      {notReady.length > 0 ? (
        <div className="notice error" role="alert">
          <p>This template cannot be sent yet: {notReady.map((p) => p.message).join(' ')}</p>
          <p>
            <Link href={designer}>Fix it in the designer</Link>
          </p>
        </div>
      ) : null}
      {result && running ? (
        <BulkResult roles={template.roles} checked={running.checked} result={result} />
      ) : (
        <Form className="stack" aria-label={`Bulk send ${template.name}`} onSubmit={() => void send()}>
          <section className="card stack" aria-labelledby="sheet-title">
            <h2 id="sheet-title">Spreadsheet</h2>
            <p className="muted">
              One row per session, with a header row: for each role ({template.roles.join(', ')}) a name and
              an email column, and a column for any field you fill in. CSV or XLSX, up to 10,000 rows.
            </p>
            <Field label="CSV or XLSX file">
              <input
                type="file"
                name="sheet"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={(e) => void choose(e.target.files?.[0])}
                disabled={running !== null}
              />
            </Field>
            {readError ? (
              <p className="notice error" role="alert">
                {readError}
              </p>
            ) : null}
          </section>
          {sheet && checked ? (
            <>
              <ColumnsFieldset
                headers={sheet.sheet.headers}
                targets={targets}
                mapping={mapping}
                onChange={setMapping}
              />
              <PreviewSection file={sheet.name} checked={checked} rowCount={sheet.sheet.rows.length} />
              <SigningOptions form={options} onChange={(patch) => setOptions((o) => ({ ...o, ...patch }))} />
              <DeliveryOptions
                form={options}
                onChange={(patch) => setOptions((o) => ({ ...o, ...patch }))}
                emailText
                languageDefault="The template’s (or the account’s)"
              />
              {invalid ? (
                <p className="notice error" role="alert">
                  Not sent yet: {invalid}
                </p>
              ) : null}
              <ErrorNotice error={sendError} />
              {running ? (
                <div className="stack" role="status">
                  <progress
                    className="bulk-progress"
                    value={progress.data?.created ?? 0}
                    max={running.checked.entries.length}
                    aria-label="Sessions created"
                  />
                  <p>
                    Created {(progress.data?.created ?? 0).toLocaleString('en-US')} of{' '}
                    {running.checked.entries.length.toLocaleString('en-US')} sessions…
                  </p>
                </div>
              ) : (
                <div className="row">
                  <button
                    type="submit"
                    className="primary"
                    disabled={
                      checked.blocking.length > 0 || checked.entries.length === 0 || notReady.length > 0
                    }
                  >
                    Send {checked.entries.length.toLocaleString('en-US')}{' '}
                    {checked.entries.length === 1 ? 'session' : 'sessions'}
                  </button>
                </div>
              )}
            </>
          ) : null}
        </Form>
      )}
    </>
  );
}
