import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/** An OpenAPI 3.1 document's operations, as far as their answers go. */
interface Document {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>
  >;
}

const DOCUMENT_ID = 'openapi.json';

/** A JSON Pointer segment (RFC 6901). */
const pointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * Checks a success answer against what the OpenAPI document says the operation answers: its
 * status must be documented, and a JSON body must match that status's schema (JSON Schema 2020-12,
 * as OpenAPI 3.1 writes them; `$ref`s resolve inside the document).
 */
export class ResponseSchemas {
  private readonly ajv = addFormats(new Ajv2020({ allErrors: true, strict: false }));
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: Document) {
    this.ajv.addSchema(document, DOCUMENT_ID);
  }

  /** What is wrong with the answer, or undefined when the document allows it. */
  problemWith(
    operation: { path: string; method: string },
    status: number,
    contentType: string,
    body: string,
  ): string | undefined {
    const method = operation.method.toLowerCase();
    const responses = this.document.paths[operation.path]?.[method]?.responses ?? {};
    const documented = responses[String(status)];
    if (!documented)
      return `status ${status} is not among the documented ${Object.keys(responses).join(', ')}`;
    if (!contentType.startsWith('application/json')) return undefined;
    if (!documented.content?.['application/json']) return `a JSON body where the document declares none`;
    const key = `${method} ${operation.path} ${status}`;
    let validate = this.validators.get(key);
    if (!validate) {
      const ref = [
        'paths',
        operation.path,
        method,
        'responses',
        String(status),
        'content',
        'application/json',
        'schema',
      ]
        .map(pointer)
        .join('/');
      validate = this.ajv.compile({ $ref: `${DOCUMENT_ID}#/${ref}` });
      this.validators.set(key, validate);
    }
    if (validate(JSON.parse(body))) return undefined;
    return `the body does not match the documented schema: ${this.ajv.errorsText(validate.errors, { separator: '; ' }).slice(0, 300)}`;
  }
}
