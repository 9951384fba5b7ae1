import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { accounts } from './accounts.ts';
import { activeContentRemoved, createdAt, ownedBy, ownedRow, preparedPdf, timestamp } from './columns.ts';

export const templates = sqliteTable(
  'templates',
  {
    ...ownedRow('accountId', 'account_id', () => accounts.id),
    name: text('name').notNull(),
    createdAt: createdAt(),
    /**
     * Bumped by every edit; documents, roles and fields of older versions stay for the sessions sent from them
     * (a session's fields are read from the template rows it was sent with), so editing never changes a sent
     * session.
     */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at'),
    /** Deleted templates stay as rows for their sessions; every read treats them as absent. */
    deletedAt: timestamp('deleted_at'),
    /** Archived: out of the default list, still read, edited and sent; restoring clears it. */
    archivedAt: timestamp('archived_at'),
    /** Language of its sessions' signing pages and emails when a send gives no `locale` (null: the account's). */
    defaultLocale: text('default_locale'),
  },
  (t) => [index('templates_account').on(t.accountId, t.createdAt)],
);

/**
 * A template's tags (extension), one row per tag: keyed by its folded form (`tag_key`, foldTag in
 * @countersign/schemas/template-tags) so "HR" and "hr" are one tag, with `tag` as first typed for display.
 * Metadata like the archive time: no template version. The list's tag filter is a lookup of (account, key).
 * Deleting the template deletes them. SQLite keeps it WITHOUT ROWID (the migration says so): the key is the row.
 */
export const templateTags = sqliteTable(
  'template_tags',
  {
    accountId: text('account_id').notNull(),
    templateId: ownedBy('template_id', () => templates.id),
    tagKey: text('tag_key').notNull(),
    tag: text('tag').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.templateId, t.tagKey] }),
    index('template_tags_account_tag').on(t.accountId, t.tagKey, t.templateId),
  ],
);

/** The template version this row belongs to (templates.version). */
const versionOf = () => integer('version').notNull().default(1);

/** A part of one template version (a document, a role): its template, version and place among the parts. */
const versionPart = () => ({
  ...ownedRow('templateId', 'template_id', () => templates.id),
  position: integer('position').notNull(),
  version: versionOf(),
});

/** A template's PDFs in order, inspected and prepared once when the template is created. */
export const templateDocuments = sqliteTable('template_documents', {
  ...versionPart(),
  filename: text('filename').notNull(),
  /** The prepared file: the source with detected text tags hidden. */
  ...preparedPdf(),
  /** Displayed page sizes [{width, height}], so a send never parses the PDF. */
  pageSizes: text('page_sizes', { mode: 'json' }).notNull(),
  activeContentRemoved: activeContentRemoved(),
});

/** Placeholder roles (recipient slots), in recipient order. */
export const templateRoles = sqliteTable('template_roles', {
  ...versionPart(),
  label: text('label').notNull(),
  /** #rrggbb the designer shows the role's fields in; null: the default for its position. */
  color: text('color'),
});

import { fieldTypes } from '@countersign/schemas/field-types';

export { type FieldType, fieldTypes } from '@countersign/schemas/field-types';

export const templateFields = sqliteTable(
  'template_fields',
  {
    ...ownedRow('templateId', 'template_id', () => templates.id),
    documentId: ownedBy('document_id', () => templateDocuments.id),
    /** Null: filled by the sender (prefill) and read-only for signers. */
    roleId: text('role_id').references(() => templateRoles.id, { onDelete: 'cascade' }),
    /** The label as designed. */
    label: text('label').notNull(),
    /** The address a send uses: `label`, or `label 2`, `label 3` for repeats (document, page, top, left). */
    sendLabel: text('send_label').notNull(),
    type: text('type', { enum: fieldTypes }).notNull(),
    /** 1-based page; rectangle in points from the top-left corner of the page as displayed. */
    page: integer('page').notNull(),
    x: real('x').notNull(),
    y: real('y').notNull(),
    width: real('width').notNull(),
    height: real('height').notNull(),
    required: integer('required', { mode: 'boolean' }).notNull(),
    /** Order of the field in the template (document, page, top, left). */
    position: integer('position').notNull(),
    version: versionOf(),
  },
  (t) => [index('template_fields_template').on(t.templateId, t.version, t.position)],
);
