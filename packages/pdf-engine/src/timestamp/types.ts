/** An RFC 3161 timestamp authority (TSA_URL and its settings in @countersign/config). */
export interface TsaOptions {
  /** The TSA's HTTP(S) endpoint; time-stamp queries are POSTed to it. */
  url: string;
  /** HTTP basic authentication, when the TSA asks for it. */
  username?: string;
  password?: string;
  /** How long one request may take (default 10 s). */
  timeoutMs?: number;
}
