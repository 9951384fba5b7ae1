export {
  AUDIT_CHAIN_VERSION,
  auditEventHash,
  type ChainCheck,
  type ChainedAuditEvent,
  canonicalJson,
  checkAuditChain,
} from './audit-chain.ts';
