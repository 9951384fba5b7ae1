import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

// Every response a test receives from the API is held against the OpenAPI document the API serves: the
// operation found by method and path template, the response by status, the media type by Content-Type, the
// JSON body by its schema (JSON Schema 2020-12, the dialect of OpenAPI 3.1), and the headers the document
// describes. A route or status the document does not list is a problem too. See docs/testing.md.

type Schema = Record<string, unknown>;
interface HeaderObject {
  $ref?: string;
  required?: boolean;
  schema?: Schema;
}
interface ResponseObject {
  description: string;
  headers?: Record<string, HeaderObject>;
  content?: Record<string, { schema?: Schema }>;
}
interface Operation {
  responses: Record<string, ResponseObject>;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema>; headers?: Record<string, HeaderObject> };
}

/** A response as the checks read it: its body only on demand (a PDF or a HEAD answer is never read). */
interface Answer {
  status: number;
  headers: Headers;
  body: () => Promise<string>;
}

/** What the server answers outside the API: the pages, their assets, the reference page and the document. */
const OUTSIDE_API = [
  /^\/verify$/,
  /^\/s\//,
  /^\/app(\/|$)/,
  /^\/assets\//,
  /^\/docs(\/|$)/,
  /^\/openapi\.json$/,
];

/** The id under which `components.schemas` are registered with Ajv, as `$defs`. */
const COMPONENTS_ID = 'countersign-openapi-components';
const COMPONENT_REF = '#/components/schemas/';

interface Route {
  template: string;
  pattern: RegExp;
  /** Literal characters of the template: `/api/sessions/test/purge` wins over `/api/sessions/{sessionId}`. */
  literal: number;
  item: Record<string, Operation>;
}

const pointer = (...parts: string[]) =>
  `#/${parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;
const isJson = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `$ref`s into `components.schemas` pointed at the `$defs` of the schema registered under COMPONENTS_ID. */
function toAjvRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toAjvRefs);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      key === '$ref' && typeof v === 'string' && v.startsWith(COMPONENT_REF)
        ? `${COMPONENTS_ID}#/$defs/${v.slice(COMPONENT_REF.length)}`
        : toAjvRefs(v),
    ]),
  );
}

/** One Ajv error as `at /path: message (schema #/...)`, the schema path in the document's own terms. */
function describeError(error: ErrorObject, schemaAt: string): string {
  const schemaPath = error.schemaPath.startsWith(`${COMPONENTS_ID}#/$defs/`)
    ? `${COMPONENT_REF}${error.schemaPath.slice(`${COMPONENTS_ID}#/$defs/`.length)}`
    : `${schemaAt}${error.schemaPath.slice(1)}`;
  const params = error.keyword === 'additionalProperties' ? ` '${error.params.additionalProperty}'` : '';
  return `at ${error.instancePath || '(root)'}: ${error.message}${params} (schema ${schemaPath})`;
}

export class ResponseChecker {
  // The schemas themselves are not checked against the meta-schema here (slow to compile, once per test file):
  // the linter test in openapi-document.test.ts checks the document.
  private readonly ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    allowUnionTypes: true,
    validateSchema: false,
  });
  private readonly routes: Route[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly doc: OpenApiDocument) {
    addFormats(this.ajv);
    // OpenAPI's own annotations beside JSON Schema's; `binary` marks file bodies, which are never JSON.
    this.ajv.addVocabulary(['example', 'discriminator', 'xml', 'externalDocs']);
    this.ajv.addFormat('binary', true);
    this.ajv.addSchema({ $id: COMPONENTS_ID, $defs: toAjvRefs(doc.components?.schemas ?? {}) as Schema });
    this.routes = Object.entries(doc.paths)
      .map(([template, item]) => ({
        template,
        pattern: new RegExp(
          `^${template
            .split(/\{[^}]+\}/)
            .map(escapeRegExp)
            .join('[^/]+')}$`,
        ),
        literal: template.replace(/\{[^}]+\}/g, '').length,
        item,
      }))
      .sort((a, b) => b.literal - a.literal);
  }

  /**
   * The ways one response differs from the document ([] when it is as documented). `body` is read only
   * when the document describes a JSON body or no body at all.
   */
  async problems(
    method: string,
    url: string,
    status: number,
    headers: Headers,
    body: () => Promise<string>,
  ): Promise<string[]> {
    const path = new URL(url, 'http://localhost').pathname;
    if (OUTSIDE_API.some((pattern) => pattern.test(path))) return [];
    // HEAD is answered as GET without the body (Hono does so for every GET route).
    const head = method.toUpperCase() === 'HEAD';
    const verb = head ? 'get' : method.toLowerCase();
    const route = this.routes.find((r) => r.pattern.test(path) && r.item[verb]);
    const answer: Answer = { status, headers, body };
    if (!route) return this.unrouted(method, path, answer);

    const label = `${method.toUpperCase()} ${route.template} (${path}) answered ${status}`;
    const responses = route.item[verb]!.responses;
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => responses[k]);
    if (!key) {
      return [
        `${label}, a status the document does not list (it lists ${Object.keys(responses).join(', ')})`,
      ];
    }
    const at = pointer('paths', route.template, verb, 'responses', key);
    const response = responses[key]!;
    return [
      ...this.headerProblems(label, at, response, headers),
      ...(head ? [] : await this.bodyProblems(label, at, response, answer)),
    ];
  }

  /** A path no operation has: only the router's own 404 in the error shape is expected there. */
  private async unrouted(method: string, path: string, answer: Answer) {
    const problem = `${method.toUpperCase()} ${path} answered ${answer.status}: the document has no such operation`;
    if (answer.status !== 404) return [problem];
    const errorShape: ResponseObject = {
      description: 'not_found',
      content: { 'application/json': { schema: { $ref: `${COMPONENT_REF}ErrorResponse` } } },
    };
    const problems = await this.bodyProblems(problem, '#', errorShape, answer);
    return problems.length ? [problem, ...problems] : [];
  }

  private headerProblems(label: string, at: string, response: ResponseObject, headers: Headers): string[] {
    const problems: string[] = [];
    const declaredHeaders = Object.entries(response.headers ?? {});
    const documented = new Set(declaredHeaders.map(([name]) => name.toLowerCase()));
    for (const [name, declared] of declaredHeaders) {
      const header = declared.$ref ? this.resolveHeader(declared.$ref) : declared;
      const value = headers.get(name);
      if (value === null) {
        if (header.required) problems.push(`${label} without the required header ${name} (${at}/headers)`);
        continue;
      }
      if (!header.schema) continue;
      const type = header.schema.type;
      const typed =
        (type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
      const schemaAt = declared.$ref ?? `${at}/headers/${name}`;
      const validate = this.validator(header.schema);
      if (!validate(typed)) {
        problems.push(
          `${label}: header ${name}: ${JSON.stringify(value)} does not match the document's schema:\n  ` +
            (validate.errors ?? []).map((e) => describeError(e, `${schemaAt}/schema`)).join('\n  '),
        );
      }
    }
    // The API's own headers (components.headers) are documented on each response that carries them.
    for (const name of Object.keys(this.doc.components?.headers ?? {})) {
      if (headers.has(name) && !documented.has(name.toLowerCase())) {
        problems.push(
          `${label} with the header ${name}, which the document does not list there (${at}/headers)`,
        );
      }
    }
    return problems;
  }

  private async bodyProblems(label: string, at: string, response: ResponseObject, answer: Answer) {
    const { headers, body } = answer;
    const content = response.content ?? {};
    const mediaTypes = Object.keys(content);
    if (mediaTypes.length === 0) {
      const text = await body();
      return text.length > 0 ? [`${label} with a body, but the document describes none (${at})`] : [];
    }
    const contentType = headers.get('content-type');
    const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const documented = mediaTypes.find((m) => {
      const [type, subtype] = m.toLowerCase().split('/');
      return (
        m.toLowerCase() === mediaType ||
        (subtype === '*' && (type === '*' || mediaType.startsWith(`${type}/`)))
      );
    });
    if (!documented) {
      return [
        `${label} as ${contentType ?? 'no Content-Type'}, but the document lists ${mediaTypes.join(', ')} (${at}/content)`,
      ];
    }
    const schema = content[documented]!.schema;
    if (!isJson(mediaType) || !schema) return [];
    const text = await body();
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return [`${label} as ${mediaType}, but the body is not JSON: ${text.slice(0, 200)}`];
    }
    const schemaAt = `${at}/content/${documented.replaceAll('/', '~1')}/schema`;
    const validate = this.validator(schema);
    if (validate(value)) return [];
    return [
      `${label}: the body does not match the document's schema ${schemaAt}:\n  ` +
        (validate.errors ?? []).map((e) => describeError(e, schemaAt)).join('\n  ') +
        `\n  body: ${text.length > 600 ? `${text.slice(0, 600)}…` : text}`,
    ];
  }

  private resolveHeader(ref: string): HeaderObject {
    const header = this.doc.components?.headers?.[ref.replace('#/components/headers/', '')];
    if (!header) throw new Error(`the document refers to a missing header ${ref}`);
    return header;
  }

  /** Compiled once per distinct schema: most error responses of most operations share one. */
  private validator(schema: Schema): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(toAjvRefs(schema) as Schema);
      this.validators.set(key, validate);
    }
    return validate;
  }
}

/** The problems with a response in hand, reading a copy of its body when needed (the caller's stays unread). */
export function problemsWith(checker: ResponseChecker, method: string, url: string, res: Response) {
  return checker.problems(method, url, res.status, res.headers, () => res.clone().text());
}

/** Thrown where a test receives a response the document does not describe; lists every problem. */
export class UndocumentedResponseError extends Error {
  constructor(problems: string[]) {
    super(`the API answered otherwise than its OpenAPI document says:\n- ${problems.join('\n- ')}`);
    this.name = 'UndocumentedResponseError';
  }
}

let served: Promise<ResponseChecker> | undefined;

/** The checker for the document a running API serves, fetched once per test process (it is the same for all). */
export function servedDocumentChecker(origin: string): Promise<ResponseChecker> {
  served ??= fetch(`${origin}/openapi.json`)
    .then((res) => res.json() as Promise<OpenApiDocument>)
    .then((doc) => new ResponseChecker(doc))
    .catch((error: unknown) => {
      served = undefined;
      throw error;
    });
  return served;
}

/**
 * `fetch` for an API the test runs in another process (the harness's own API checks on the server side):
 * throws `UndocumentedResponseError` when the response is not as the served document says.
 */
export async function checkedFetch(url: string, init?: RequestInit): Promise<Response> {
  const res = await fetch(url, init);
  const checker = await servedDocumentChecker(new URL(url).origin);
  const problems = await problemsWith(checker, init?.method ?? 'GET', url, res);
  if (problems.length > 0) throw new UndocumentedResponseError(problems);
  return res;
}
