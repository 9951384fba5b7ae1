// pako 1.x ships no types; the one function the /verify page uses.
declare module 'pako' {
  const pako: { inflate(data: Uint8Array): Uint8Array };
  export default pako;
}
