import forge from 'node-forge';

// Reading parsed DER (node-forge's tree) for the TSA client and the revocation checks, which walk the same
// kinds of structures (CMS, OCSP, CRLs, certificates): missing nodes read as empty, never throw.

export type Asn1Node = forge.asn1.Asn1;

/** A constructed node's children. */
export const kids = (node: Asn1Node | undefined): Asn1Node[] =>
  Array.isArray(node?.value) ? (node.value as Asn1Node[]) : [];

/** A primitive node's content bytes. */
export const bytes = (node: Asn1Node | undefined): Buffer =>
  Buffer.from(typeof node?.value === 'string' ? node.value : '', 'binary');

/** A node encoded back to DER. */
export const der = (node: Asn1Node): Buffer => Buffer.from(forge.asn1.toDer(node).getBytes(), 'binary');

export const oidOf = (node: Asn1Node | undefined): string =>
  forge.asn1.derToOid(forge.util.createBuffer(bytes(node).toString('binary')));
