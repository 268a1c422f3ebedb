import { allEndpoints, type Endpoint } from '@mailwright/contract';
import { z } from 'zod';
import { sendingPaths, sendingSecuritySchemes } from './openapi-sending.ts';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
}

function parameters(endpoint: Endpoint) {
  const list: object[] = [];
  for (const [where, schema] of [
    ['path', endpoint.params],
    ['query', endpoint.query],
  ] as const) {
    const shape = jsonSchema(schema, 'input') as { properties?: Record<string, object>; required?: string[] };
    for (const [name, property] of Object.entries(shape.properties ?? {})) {
      list.push({
        name,
        in: where,
        required: where === 'path' || (shape.required ?? []).includes(name),
        schema: property,
      });
    }
  }
  return list;
}

const accessText = (endpoint: Endpoint) =>
  endpoint.access === 'public'
    ? 'Open without a token.'
    : endpoint.access === 'session'
      ? 'Any signed-in user.'
      : `Roles: ${endpoint.access.roles.join(', ')}${endpoint.access.subroles ? `; subroles: ${endpoint.access.subroles.join(', ')}` : ''}.`;

/** Console calls take a session token; the sending API (tag Sending) takes a sending key instead. */
function security(endpoint: Endpoint) {
  if (endpoint.tag === 'Sending') return [{ sendingKey: [] }];
  return endpoint.access === 'public' ? [] : [{ bearer: [] }];
}

const DESCRIPTION = [
  'Console API (under /api): sign in with POST /api/login and send the token as `Authorization: Bearer <token>`. Every success body is {data}; errors are {message, errors?}.',
  "In console API paths, `{domain}` and `{id}` of a domain are the domain's numeric id (GET /api/domains lists them), not its name.",
  'Sending APIs: the native POST /api/v1/send, the Mailgun-shaped POST /v3/{domain}/messages (here `{domain}` is the domain name, as with Mailgun) and the SendGrid-shaped POST /v3/mail/send, each authenticated with a sending key.',
].join('\n\n');

/** OpenAPI 3.1 document generated from the contract, so the docs can never drift from what the server enforces. */
export function buildOpenApi(): object {
  const paths: Record<string, Record<string, object>> = {};
  for (const endpoint of allEndpoints()) {
    const path = `/api${endpoint.path.replace(/:([a-zA-Z_]+)/g, '{$1}')}`;
    const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(endpoint.method);
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = {
      tags: [endpoint.tag],
      summary: endpoint.summary,
      description: accessText(endpoint),
      security: security(endpoint),
      parameters: parameters(endpoint),
      ...(hasBody
        ? { requestBody: { content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } } } }
        : {}),
      responses: {
        200: {
          description: 'Success',
          content: {
            'application/json': {
              schema: { type: 'object', properties: { data: jsonSchema(endpoint.response, 'output') } },
            },
          },
        },
        default: { $ref: '#/components/responses/Error' },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Mailwright API',
      version: '1',
      description: DESCRIPTION,
    },
    servers: [{ url: '/' }],
    paths: { ...paths, ...sendingPaths },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The token POST /api/login answers.' },
        ...sendingSecuritySchemes,
      },
      responses: {
        Error: {
          description: '400/402 field errors, 401, 403, 404, 409, 425 or 500',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['message'],
                properties: {
                  message: { type: 'string' },
                  errors: {
                    type: 'array',
                    items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } },
                  },
                },
              },
            },
          },
        },
      },
    },
  };
}
