import { z } from 'zod';
import { BOPS_VERSION } from '../services/health.service.ts';
import { apiOperations, type Access, type ApiOperation, type FileAnswer } from './api-operations.ts';

type JsonSchema = Record<string, unknown>;
type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, unknown>> };

/** `:name` parameters become `{name}`; a passed-through subtree (`*`) becomes one `{path}` parameter. */
export function openApiPath(routePath: string): string {
  return routePath.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{path}');
}

/** JSON Schema 2020-12 (the dialect OpenAPI 3.1 uses) of what a client sends or receives. */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Refinements and transforms cannot be written in JSON Schema; the input side documents what is accepted.
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** Multipart text fields arrive as strings whatever the JSON form's types, so each is described as one. */
function multipartSchema(operation: NonNullable<ApiOperation['multipart']>): JsonSchema {
  const fields = jsonSchemaOf(operation.fields, 'input');
  const properties: Record<string, JsonSchema> = {};
  for (const [name, field] of Object.entries((fields.properties ?? {}) as Record<string, JsonSchema>)) {
    properties[name] = { type: 'string', ...(field.description ? { description: field.description } : {}) };
  }
  const required = [...((fields.required ?? []) as string[])];
  for (const [name, file] of Object.entries(operation.files)) {
    properties[name] = {
      type: 'string',
      contentMediaType: 'application/octet-stream',
      description: file.description,
    };
    if (file.required) required.push(name);
  }
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

function parametersOf(operation: ApiOperation): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  const add = (where: 'path' | 'query', schema: z.ZodObject | undefined) => {
    if (!schema) return;
    const json = jsonSchemaOf(schema, 'input');
    const required = new Set((json.required ?? []) as string[]);
    for (const [name, property] of Object.entries((json.properties ?? {}) as Record<string, JsonSchema>)) {
      parameters.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        schema: property,
      });
    }
  };
  add('path', operation.params);
  add('query', operation.query);
  if (operation.path.endsWith('*')) {
    parameters.push({
      name: 'path',
      in: 'path',
      required: true,
      description: 'The rest of the path, passed through',
      schema: { type: 'string' },
    });
  }
  return parameters;
}

const securityOf: Record<Access, JsonSchema[] | undefined> = {
  public: [],
  'signed-in': [{ session: [] }],
  'optional-session': [{}, { session: [] }],
  'metrics-token': [{ metricsToken: [] }],
};

function isFileAnswer(response: ApiOperation['response']): response is FileAnswer {
  return typeof response === 'object' && response !== null && 'file' in response;
}

function responsesOf(operation: ApiOperation): JsonSchema {
  const status = String(operation.successStatus ?? 200);
  const success = isFileAnswer(operation.response)
    ? { description: 'The file', content: { [operation.response.file]: { schema: { type: 'string' } } } }
    : {
        description: 'The `{ statusCode, data }` envelope',
        content: {
          'application/json': {
            schema: operation.response
              ? {
                  allOf: [
                    { $ref: '#/components/schemas/Envelope' },
                    { type: 'object', properties: { data: jsonSchemaOf(operation.response, 'output') } },
                  ],
                }
              : { $ref: '#/components/schemas/Envelope' },
          },
        },
      };
  const error = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  });
  return {
    [status]: success,
    ...(operation.body || operation.multipart || operation.params || operation.query
      ? { 400: error('The request is not valid; `message` says which field and why') }
      : {}),
    ...(operation.access === 'signed-in' ? { 401: error('Not signed in') } : {}),
    ...(operation.params ? { 404: error('No such object, or not yours to see') } : {}),
    429: error('Too many requests; try again later'),
  };
}

function requestBodyOf(operation: ApiOperation): JsonSchema | undefined {
  const content: Record<string, JsonSchema> = {};
  if (operation.body) content['application/json'] = { schema: jsonSchemaOf(operation.body, 'input') };
  if (operation.multipart) content['multipart/form-data'] = { schema: multipartSchema(operation.multipart) };
  return Object.keys(content).length > 0 ? { required: true, content } : undefined;
}

/** The OpenAPI 3.1 description of the Bops API, generated from the schemas the routes validate with. */
export function buildOpenApiDocument(operations: readonly ApiOperation[] = apiOperations): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const operation of operations) {
    const path = openApiPath(operation.path);
    const requestBody = requestBodyOf(operation);
    const parameters = parametersOf(operation);
    paths[path] ??= {};
    paths[path][operation.method] = {
      operationId: `${operation.method}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_match, next: string | undefined) => (next ?? '').toUpperCase())}`,
      tags: [operation.tag],
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: responsesOf(operation),
      security: securityOf[operation.access],
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Bops API',
      version: BOPS_VERSION,
      description:
        'The API the Bops web app uses. JSON answers come in a `{ statusCode, data }` envelope; errors as `{ statusCode, error, message }`. State-changing requests must come from the app’s own origin.',
      license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' },
    },
    tags: [...new Set(operations.map((operation) => operation.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'bops.session_token',
          description: 'The session cookie set at sign-in (`__Secure-bops.session_token` over https).',
        },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN' },
      },
      schemas: {
        Envelope: {
          type: 'object',
          properties: { statusCode: { type: 'integer' }, data: {} },
          required: ['statusCode', 'data'],
        },
        Error: {
          type: 'object',
          properties: {
            statusCode: { type: 'integer' },
            error: { type: 'string' },
            message: { type: 'string', description: 'What went wrong, for a person' },
            code: { type: 'string' },
          },
          required: ['statusCode', 'error', 'message'],
        },
      },
    },
  };
}
