/**
 * What the public /verify page runs in the browser (apps/web verify.html): the same checks as the CLI, without
 * the CLI's file system. The page's bundle maps node:crypto and Buffer to browser implementations.
 */
export { type ChainedAuditEvent, checkAuditChain } from './audit-chain.ts';
export { type Check, formatReport, type VerifyOptions, type VerifyReport, verifyPdf } from './verify-pdf.ts';
