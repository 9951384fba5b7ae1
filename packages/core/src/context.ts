import type { Config } from '@countersign/config';
import type { Db } from '@countersign/db';
import type { BlobStore } from './blobs/blob-store.ts';
import type { OutboxControl } from './outbox/control.ts';
import type { PdfTools } from './pdf-tools.ts';
import type { ServiceSecrets } from './secrets/service-secrets.ts';
import type { Clock } from './support/clock.ts';
import type { Telemetry } from './support/telemetry.ts';

/** What every service function needs: the database, the settings and the time. Built once per process. */
export interface ServiceContext {
  db: Db;
  config: Config;
  clock: Clock;
  blobs: BlobStore;
  secrets: ServiceSecrets;
  pdf: PdfTools;
  outbox: OutboxControl;
  telemetry: Telemetry;
  /**
   * The caller is in test mode (a test token): the sessions it looks up or lists are test sessions only, a
   * live one does not exist for it (docs/test-mode.md). Set on a per-request copy (`testModeView`).
   */
  testOnly?: boolean;
}

/** The context a test-mode caller works in: a copy that sees test sessions only. */
export const testModeView = (ctx: ServiceContext): ServiceContext => ({ ...ctx, testOnly: true });
