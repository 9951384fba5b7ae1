import { z } from '@hono/zod-openapi';
import {
  arrayOf,
  booleanValue,
  integerInRange,
  issueMessages,
  nonEmptyString,
  oneOf,
  readableText,
  strictObject,
  textString,
} from './common.ts';
import { fieldTypes } from './field-types.ts';
import {
  FIELDS_MAX,
  RECIPIENTS_MAX,
  TEMPLATE_TAG_MAX_LENGTH,
  TEMPLATE_TAGS_MAX,
  TEXT_MAX_LENGTH,
} from './limits.ts';
import { SUPPORTED_LOCALES } from './locales.ts';
import { isoTime, listOf } from './read-fields.ts';
import { ROLE_COLOR_MIN_CONTRAST, ROLE_COLOR_PATTERN } from './role-colors.ts';
import { localeChoice } from './send-fields.ts';
import { TemplateSendRequestSchema } from './templates-send.ts';

// Templates: created from a manifest (CLI, POST /api/templates) plus what detection finds in the PDFs;
// read back by GET /api/templates and GET /api/templates/{templateId}. The spec shows none of these
// records ("template listing entries: not shown"), so the shapes are ours.

/** PDFs per template: each is inspected and prepared synchronously when the template is created. */
export const TEMPLATE_DOCUMENTS_MAX = 20;
/** Fields per template: no more than a send can prefill in one entry, so the example payload always fits. */
export const TEMPLATE_FIELDS_MAX = FIELDS_MAX;
/** Roles per template: every role is a recipient of each entry, and an entry has at most this many. */
export const TEMPLATE_ROLES_MAX = RECIPIENTS_MAX;
/** Manifest document entries are file paths (CLI) or file names (upload). */
export const DOCUMENT_PATH_MAX_LENGTH = 1000;
/** Pages per document a field may point at (the inspection limit is lower; this only bounds the number). */
const PAGE_MAX = 100_000;
/** Coordinates and sizes in points: far larger than any page (200 inches is 14,400). */
const POINTS_MAX = 1_000_000;

export { type FieldType as TemplateFieldType, fieldTypes as templateFieldTypes } from './field-types.ts';
export const TemplateFieldTypeSchema = oneOf(fieldTypes).openapi('TemplateFieldType', {
  description:
    '`text`, `checkbox` (values `true`/`false`), `date`, `signature`, `initials`, `name` and `email` (the ' +
    "signer's own, when the field has a role). Signatures and initials need a role; the others without a " +
    'role are filled by the sender (prefill) and read-only for signers.',
});

const points = (what: 'coordinate' | 'size') => {
  const message =
    what === 'coordinate' ? 'must be a number of at least 0' : 'must be a number greater than 0';
  const n = z
    .number({ error: (issue) => (issue.input === undefined ? issueMessages.required : message) })
    .max(POINTS_MAX, { error: `must be at most ${POINTS_MAX}` });
  return what === 'coordinate' ? n.min(0, { error: message }) : n.gt(0, { error: message });
};

export const ManifestFieldSchema = strictObject({
  label: readableText(nonEmptyString(TEXT_MAX_LENGTH)).openapi({
    description: 'Label a send fills the field by (exact, case-sensitive; repeats become `<label> 2`, ...).',
  }),
  type: TemplateFieldTypeSchema,
  document: nonEmptyString(DOCUMENT_PATH_MAX_LENGTH).openapi({
    description: 'The document the field is on, as written in `documents` (or its file name).',
  }),
  page: integerInRange(1, PAGE_MAX).openapi({ description: '1-based page number.' }),
  x: points('coordinate').openapi({
    description: 'Left edge, points from the left of the page as displayed.',
  }),
  y: points('coordinate').openapi({ description: 'Top edge, points from the top of the page as displayed.' }),
  width: points('size').openapi({ description: 'Width in points.' }),
  height: points('size').openapi({ description: 'Height in points.' }),
  role: readableText(nonEmptyString(TEXT_MAX_LENGTH)).optional().openapi({
    description: 'The role that fills the field (case-insensitive); none = the sender fills it.',
  }),
  required: booleanValue()
    .optional()
    .openapi({ description: 'Default: true for fields with a role, false for sender-filled ones.' }),
}).openapi('ManifestField', { description: 'A fillable field placed on a page of a template document.' });
export type ManifestField = z.output<typeof ManifestFieldSchema>;

const manifestExample = {
  name: 'Residential lease',
  documents: ['lease.pdf', 'annex.pdf'],
  roles: ['Tenant', 'Landlord'],
  fields: [
    {
      label: 'Monthly rent',
      type: 'text',
      document: 'lease.pdf',
      page: 1,
      x: 320,
      y: 212,
      width: 120,
      height: 18,
    },
    {
      label: 'Start date',
      type: 'date',
      document: 'lease.pdf',
      page: 1,
      x: 320,
      y: 240,
      width: 90,
      height: 18,
    },
    {
      label: 'Tenant signature',
      type: 'signature',
      document: 'lease.pdf',
      page: 3,
      x: 72,
      y: 620,
      width: 180,
      height: 40,
      role: 'Tenant',
    },
    {
      label: 'Landlord signature',
      type: 'signature',
      document: 'lease.pdf',
      page: 3,
      x: 340,
      y: 620,
      width: 180,
      height: 40,
      role: 'Landlord',
    },
    {
      label: 'Pets allowed',
      type: 'checkbox',
      document: 'annex.pdf',
      page: 1,
      x: 72,
      y: 150,
      width: 12,
      height: 12,
      role: 'Tenant',
      required: false,
    },
  ],
};

/** Extension: the template's default language (null or absent: the account's `defaultLocale`). */
const templateDefaultLocale = localeChoice()
  .nullable()
  .optional()
  .openapi({
    description:
      "Extension: language of this template's signing pages and emails when a send gives no `locale`. Null or " +
      "absent: the account's `defaultLocale`, else English (emails) or the signer's browser (page).",
  });

/** Extension: the designer's colour per role, by role name. */
const roleColors = z
  .record(
    readableText(nonEmptyString(TEXT_MAX_LENGTH)),
    z.string().regex(ROLE_COLOR_PATTERN, { error: 'must be a #rrggbb colour (lower-case hex)' }),
  )
  .optional()
  .openapi({
    description:
      "Extension: the colour the web app's designer shows each role's fields in, by role name " +
      `(case-insensitive), as \`#rrggbb\`; at least ${ROLE_COLOR_MIN_CONTRAST}:1 contrast against white (400 ` +
      '`template_invalid` otherwise). A role left out keeps its colour (an update) or gets the default for its ' +
      'position in the signing order.',
    example: { Tenant: '#0b5cad', Landlord: '#b4400a' },
  });

export const TemplateManifestSchema = strictObject({
  name: readableText(nonEmptyString(TEXT_MAX_LENGTH)).openapi({
    description: 'Template name; also the title of its sessions.',
  }),
  documents: arrayOf(readableText(nonEmptyString(DOCUMENT_PATH_MAX_LENGTH)), {
    min: 1,
    max: TEMPLATE_DOCUMENTS_MAX,
  }).openapi({
    description:
      'The PDFs in order. CLI: paths relative to the manifest file. Upload: file names of the uploaded ' +
      '`documents` parts. File names must be distinct.',
  }),
  roles: arrayOf(readableText(nonEmptyString(TEXT_MAX_LENGTH)), { max: TEMPLATE_ROLES_MAX })
    .default([])
    .openapi({
      description:
        'Placeholder roles in recipient order, distinct ignoring case. Roles named by tags or form field ' +
        'names in the PDFs are added after these.',
    }),
  fields: arrayOf(ManifestFieldSchema, { max: TEMPLATE_FIELDS_MAX })
    .default([])
    .openapi({ description: 'Fields placed by hand; fields detected in the PDFs are added to them.' }),
  roleColors,
  defaultLocale: templateDefaultLocale,
}).openapi('TemplateManifest', {
  description:
    'Everything a template needs besides the PDFs. Detection always runs as well: AcroForm fields ' +
    '(named `Role:Label` to assign a role) and text tags such as `{{Company;type=text;role=Client}}`.',
  example: manifestExample,
});
export type TemplateManifest = z.output<typeof TemplateManifestSchema>;
export type TemplateManifestInput = z.input<typeof TemplateManifestSchema>;

// --- Responses ---

export const templateFieldSources = ['manifest', 'acroform', 'tag'] as const;

export const TemplateFieldViewSchema = z
  .object({
    label: z.string().openapi({ description: 'The label as designed.' }),
    sendLabel: z.string().openapi({
      description:
        'The label a send uses: `label` for the first field with it (document, page, top-to-bottom, ' +
        'left-to-right), `<label> 2` for the second, and so on.',
    }),
    type: TemplateFieldTypeSchema,
    role: z
      .string()
      .nullable()
      .openapi({ description: 'The role that fills it; null = filled by the sender.' }),
    required: z.boolean(),
    document: z.string().openapi({ description: 'File name of the document.' }),
    page: z.int().openapi({ description: '1-based page.' }),
    x: z.number(),
    y: z.number(),
    width: z.number(),
    height: z.number(),
  })
  .openapi('TemplateFieldView', {
    description: 'A field of a template; rectangle in points from the top-left of the page as displayed.',
  });
export type TemplateFieldView = z.output<typeof TemplateFieldViewSchema>;

export const TemplateCreatedFieldSchema = TemplateFieldViewSchema.extend({
  source: z.enum(templateFieldSources).openapi({
    description: 'Where the field came from: the manifest, an AcroForm field, or a text tag.',
  }),
}).openapi('TemplateCreatedField');
export type TemplateCreatedField = z.output<typeof TemplateCreatedFieldSchema>;

export const TemplateCreatedSchema = z
  .object({
    templateId: z.string(),
    roles: z.array(z.string()).openapi({ description: 'Placeholder roles in recipient order.' }),
    fields: z.array(TemplateCreatedFieldSchema).openapi({ description: 'In template order.' }),
  })
  .openapi('TemplateCreated');
export type TemplateCreated = z.output<typeof TemplateCreatedSchema>;

/** What a template's list entry and its detail both start with. */
const templateHeadFields = {
  templateId: z.string(),
  name: z.string(),
  createdAt: isoTime,
  archivedAt: isoTime.nullable().openapi({
    description:
      'Extension: when the template was archived (out of the default list; still read, edited and sent), or null.',
  }),
  tags: z.array(z.string()).openapi({
    description: "Extension: the template's tags as first typed, ordered ignoring case.",
    example: ['HR', 'lease'],
  }),
};
/** A document of a template, as the list and the detail show it. */
const templateDocument = z.object({ filename: z.string(), pageCount: z.int() });

export const TemplateSummarySchema = z
  .object({
    ...templateHeadFields,
    roles: z.array(z.string()),
    documents: z.array(templateDocument),
    fieldCount: z.int(),
  })
  .openapi('TemplateSummary');
export type TemplateSummary = z.output<typeof TemplateSummarySchema>;

export const TemplateListSchema = listOf('templates', TemplateSummarySchema, 'TemplateList', {
  description: "The account's templates, newest first.",
});
export type TemplateList = z.output<typeof TemplateListSchema>;

export const TemplateDetailSchema = z
  .object({
    ...templateHeadFields,
    version: z.int().openapi({
      description: 'Bumped by every update; an update names the version it is based on (409 when stale).',
    }),
    updatedAt: isoTime.nullable(),
    defaultLocale: z.enum(SUPPORTED_LOCALES).nullable().openapi({
      description:
        "Extension: the template's default language for signing pages and emails (null: the account's).",
    }),
    roles: z.array(z.string()),
    roleColors: z.record(z.string(), z.string()).openapi({
      description:
        "Extension: every role's designer colour (`#rrggbb`), chosen or the default for its position.",
      example: { Tenant: '#0b5cad', Landlord: '#b4400a' },
    }),
    documents: z.array(
      templateDocument.extend({
        pageSizes: z
          .array(z.object({ width: z.number(), height: z.number() }))
          .openapi({ description: 'Displayed size of each page in points.' }),
      }),
    ),
    fields: z.array(TemplateFieldViewSchema).openapi({ description: 'In template order.' }),
    examplePayload: TemplateSendRequestSchema.openapi({
      description:
        "The 'copy payload': a complete POST /api/templates/send body for this template, with every role " +
        'as a recipient (placeholder names and addresses), every sender-filled field with an example value ' +
        'and every default spelled out.',
    }),
  })
  .openapi('TemplateDetail');
export type TemplateDetail = z.output<typeof TemplateDetailSchema>;

/** PUT /api/templates/{templateId}: the whole editable template, based on `version`. */
export const TemplateUpdateRequestSchema = TemplateManifestSchema.pick({
  name: true,
  roles: true,
  fields: true,
  roleColors: true,
})
  .extend({
    version: integerInRange(1).openapi({ description: 'The `version` this edit is based on.' }),
    defaultLocale: templateDefaultLocale.openapi({
      description: "Extension: the template's default language; absent keeps it, null clears it.",
    }),
  })
  .openapi('TemplateUpdateRequest', {
    description:
      'Replaces name, roles (in signing order) and fields. The PDFs stay; `fields[].document` names one by file ' +
      'name. Sessions already sent keep the version they were sent with.',
  });
export type TemplateUpdateRequest = z.output<typeof TemplateUpdateRequestSchema>;

/** POST /api/templates/{templateId}/duplicate. */
export const TemplateDuplicateRequestSchema = strictObject({
  name: readableText(nonEmptyString(TEXT_MAX_LENGTH))
    .optional()
    .openapi({ description: 'The copy\'s name; without it, the original\'s with " (copy)" after it.' }),
}).openapi('TemplateDuplicateRequest');
export type TemplateDuplicateRequest = z.output<typeof TemplateDuplicateRequestSchema>;

/**
 * A template tag as typed: trimmed, 1 to TEMPLATE_TAG_MAX_LENGTH characters, readable (no control characters),
 * and without a comma (the web app edits a template's tags as one comma-separated line).
 */
const templateTag = () =>
  readableText(
    textString()
      .trim()
      .min(1, { error: issueMessages.notEmpty })
      .max(TEMPLATE_TAG_MAX_LENGTH, { error: `must be at most ${TEMPLATE_TAG_MAX_LENGTH} characters` })
      .refine((tag) => !tag.includes(','), { error: 'must not contain a comma' }),
  );

/** PUT /api/templates/{templateId}/tags (extension). */
export const TemplateTagsRequestSchema = strictObject({
  tags: arrayOf(templateTag(), { max: TEMPLATE_TAGS_MAX }).openapi({
    description:
      `The template's tags, replacing those it has (\`[]\` clears them): each trimmed, 1 to ` +
      `${TEMPLATE_TAG_MAX_LENGTH} characters, no control characters or commas; at most ${TEMPLATE_TAGS_MAX}. ` +
      'Tags equal ignoring case are one tag: the first is kept as typed.',
    example: ['HR', 'Lease'],
  }),
}).openapi('TemplateTagsRequest');
export type TemplateTagsRequest = z.output<typeof TemplateTagsRequestSchema>;

/** GET /api/templates: the account's templates, or (extension) its archived ones, or those with a tag. */
export const TemplateListQuerySchema = z.strictObject({
  archived: z.enum(['true', 'false']).optional().openapi({
    description: 'Extension: `true` lists the archived templates only; absent or `false`, the others.',
  }),
  tag: textString()
    .trim()
    .min(1, { error: issueMessages.notEmpty })
    .max(TEMPLATE_TAG_MAX_LENGTH, { error: `must be at most ${TEMPLATE_TAG_MAX_LENGTH} characters` })
    .optional()
    .openapi({
      description: 'Extension: only the templates with this tag (case ignored); combines with `archived`.',
      example: 'hr',
    }),
});
