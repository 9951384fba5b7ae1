import { blob, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { activeContentRemoved, createdAt, id, preparedPdf } from './columns.ts';

/**
 * Content-addressed files: a PDF is stored once, whoever uses it. The bytes are in DATA_DIR/blobs/<sha256> in
 * the embedded topology, in `blob_contents` on PostgreSQL (core's blob stores).
 */
export const blobs = sqliteTable('blobs', {
  sha256: text('sha256').primaryKey(),
  size: integer('size').notNull(),
  createdAt: createdAt(),
});

/**
 * The bytes of a blob kept in the database, so that no host keeps state of its own when several share one
 * PostgreSQL. Apart from `blobs` so that listing blobs never reads their bytes.
 */
export const blobContents = sqliteTable('blob_contents', {
  sha256: text('sha256').primaryKey(),
  bytes: blob('bytes', { mode: 'buffer' }).notNull(),
});

/**
 * A source PDF prepared for a number of signers: the prepared file (signature page appended) and its
 * generated field layout. Shared by every session, call and account sending the same bytes to the same
 * number of signers, so preparation runs once per distinct document and signer count.
 */
export const preparedDocuments = sqliteTable(
  'prepared_documents',
  {
    id: id(),
    /** pageCount: of the prepared file, appended signature pages included. */
    ...preparedPdf(),
    signerCount: integer('signer_count').notNull(),
    sourcePageCount: integer('source_page_count').notNull(),
    /** FieldPlacement[] from the pdf-engine layout, each with its 0-based signer index. */
    layout: text('layout', { mode: 'json' }).notNull(),
    activeContentRemoved: activeContentRemoved(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('prepared_documents_source').on(t.sourceSha256, t.signerCount)],
);
