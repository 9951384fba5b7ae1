import type { SigningView } from '@countersign/schemas';
import { sameOrigin, signerApi } from './api.ts';
import { $, el } from './dom.ts';
import { embed } from './embed.ts';
import { handleError, load } from './flow.ts';
import { formatDate, t } from './i18n.ts';
import { enter, stateOf } from './state.ts';
import { showStatus } from './status.ts';

// Everyone signed: the sealed PDFs to download, once the completion job has stored them.

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Quick at first, then every 5 s, for about five minutes. */
const pollDelay = (i: number) => (i < 10 ? 1500 : 5000);

export function renderCompleted(v: SigningView): void {
  $('doc').hidden = true;
  if (!v.download?.ready) {
    showStatus('done', t('state.preparing'), t('state.preparingText'));
    void pollUntilReady(v);
    return;
  }
  const list = el('ul', { class: 'downloads' });
  for (const d of v.documents) {
    const name = t('state.signedFile', { name: d.filename.replace(/\.pdf$/i, '') });
    list.append(
      el(
        'li',
        {},
        el('a', {
          class: 'btn primary',
          href: sameOrigin(d.url),
          download: name,
          text: t('state.download', { file: name }),
        }),
      ),
    );
  }
  showStatus(
    'done',
    t('state.completed'),
    t('state.completedText', { time: formatDate(v.download.availableUntil) }),
    list,
  );
  embed({ type: 'completed' });
}

/**
 * The last signature hands the session to the completion job, which may not have marked it completed when the
 * page reloads: follow the view until it has (later views record nothing), then show the download.
 */
export async function pollUntilCompleted(): Promise<void> {
  for (let i = 0; i < 60; i++) {
    await pause(pollDelay(i));
    let latest: SigningView;
    try {
      latest = await signerApi.view();
    } catch (err) {
      return handleError(err);
    }
    if (latest.status === 'completed') return enter(stateOf(latest));
  }
}

/** The completion job seals the PDF; ask the document (not the view, which would record a visit) until it is there. */
async function pollUntilReady(v: SigningView): Promise<void> {
  const first = v.documents[0];
  for (let i = 0; i < 60 && first; i++) {
    await pause(pollDelay(i));
    const status = await signerApi.documentStatus(first.url);
    if (status !== null && status >= 200 && status < 300) {
      if (v.download) v.download.ready = true;
      return enter({ kind: 'completed', view: v });
    }
    if (status !== null && status !== 409) return load();
  }
}
