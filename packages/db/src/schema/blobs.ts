import { blob, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { activeContentRemoved, createdAt, id, preparedPdf, timestamp } from './columns.ts';

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

/**
 * A prepared PDF's pages drawn ahead of time for the signing page (core pages/): one row per document, by the
 * SHA-256 of its bytes, so every session and template showing the same file shares one drawing. Once `ready`,
 * `pages` holds each page's size in points and `page_images` its images and text; `failed` leaves the document
 * to pdf.js in the browser.
 */
export const pageRenders = sqliteTable('page_renders', {
  documentSha256: text('document_sha256').primaryKey(),
  status: text('status', { enum: ['pending', 'ready', 'failed'] }).notNull(),
  /** Pixel widths every page is drawn at, ascending. */
  widths: text('widths', { mode: 'json' }).$type<number[]>().notNull(),
  /** Each page's size in points as displayed, once ready. */
  pages: text('pages', { mode: 'json' }).$type<{ width: number; height: number }[]>(),
  /** Why drawing failed, for operators. */
  error: text('error'),
  createdAt: createdAt(),
  finishedAt: timestamp('finished_at'),
});

/**
 * The blobs of a drawn page: an image per pixel width, and its text (JSON) under width 0. Images are blobs like
 * PDFs, so two documents with the same page share its bytes; the index finds who else uses a blob before a
 * purge deletes it.
 */
export const pageImages = sqliteTable(
  'page_images',
  {
    documentSha256: text('document_sha256').notNull(),
    page: integer('page').notNull(),
    /** Pixels across; 0 for the page's text. */
    width: integer('width').notNull(),
    blobSha256: text('blob_sha256').notNull(),
    mime: text('mime').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.documentSha256, t.page, t.width] }),
    index('page_images_blob').on(t.blobSha256),
  ],
);
