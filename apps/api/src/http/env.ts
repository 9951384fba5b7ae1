import type { Config } from '@countersign/config';
import type { MemberIdentity, Principal, Runtime } from '@countersign/core';

import type { Metrics } from '@countersign/metrics';
import type { JobQueue } from '@countersign/queue';
import type { Logger } from 'pino';

/** What routes reach through `c.var`: built once per process, injected by the app factory. */
export interface AppDeps {
  config: Config;
  runtime: Runtime;
  queue: JobQueue;
  logger: Logger;
  /** Present when metrics are on (METRICS_TOKEN set): requests are measured and `/metrics` is served. */
  metrics?: Metrics;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    requestId: string;
    /** Set by the bearer middleware on integration routes; every query there is scoped to it. */
    accountId: string;
    /** Set by the bearer middleware: the token is a test token, so sends make test sessions. */
    testMode: boolean;
    /** Who is calling the account API (a member by cookie, or a token): what `authorize` decides on. */
    principal: Principal;
    /** Set when the caller is a web-app member signed in with the session cookie (not with a bearer token). */
    member: MemberIdentity | undefined;
    clientAddress: string;
    /** Set by the idempotency middleware: a stable job id derived from the account and Idempotency-Key. */
    jobKey: string | undefined;
  };
}
