export {
  AUDIT_CHAIN_VERSION,
  auditEventHash,
  type ChainCheck,
  type ChainedAuditEvent,
  canonicalJson,
  checkAuditChain,
} from './audit-chain.ts';
export { runVerify } from './run-verify.ts';
export { type Check, formatReport, type VerifyOptions, type VerifyReport, verifyPdf } from './verify-pdf.ts';
