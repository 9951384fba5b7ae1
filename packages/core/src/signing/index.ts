export { checkAdopted, initialsOf } from './adopted.ts';
export { OTP_RULES, requestCode, verifyCode } from './codes.ts';
export { declineAsParticipant } from './decline.ts';
export { signingDocumentFile } from './documents.ts';
export { saveDraft } from './draft.ts';
export { type OpenLink, openLink } from './link.ts';
export { type SignInput, type SignResult, signAsParticipant } from './sign.ts';
export { isVerified, SIGNER_SESSION_HOURS } from './verification.ts';
export { getSigningView, type SignerRequest, signingDocumentUrl } from './view.ts';
