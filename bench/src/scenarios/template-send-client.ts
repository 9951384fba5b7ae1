/**
 * POST /api/templates/send of `entries` entries (two recipients each, notify false) to a server at `url`;
 * resolves to the created session ids. Plain fetch, no service imports: the bulk-sender child loads only this.
 */
export async function templateSendAt(
  url: string,
  token: string,
  templateId: string,
  entries: number,
): Promise<string[]> {
  const res = await fetch(`${url}/api/templates/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(templateSendBody(templateId, entries)),
  });
  if (res.status !== 200) throw new Error(`template send answered ${res.status}`);
  const body = (await res.json()) as { instantiation: { sessions: { sessionId?: string }[] } };
  return body.instantiation.sessions.flatMap((s) => (s.sessionId ? [s.sessionId] : []));
}

/** The bench's bulk request: `entries` entries of two recipients and one prefilled field, notify false. */
export function templateSendBody(templateId: string, entries: number) {
  return {
    templateId,
    notify: false,
    signingRequests: Array.from({ length: entries }, (_, i) => ({
      recipients: [
        { label: 'Client', name: `Client ${i}`, email: `client${i}@example.test` },
        { label: 'Witness', name: `Witness ${i}`, email: `witness${i}@example.test` },
      ],
      fields: [{ label: 'Company', value: `Company ${i}` }],
    })),
  };
}
