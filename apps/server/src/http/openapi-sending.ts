/**
 * The two provider-shaped sending APIs in the OpenAPI document. They live outside /api and take the providers' own
 * shapes (Mailgun's form fields, SendGrid's v3 JSON), so they are described here rather than in the contract; the
 * native /api/v1/send comes from the contract like every console endpoint.
 */

const text = { type: 'string' } as const;
const oneOrMany = { oneOf: [text, { type: 'array', items: text }] } as const;

const sendingError = {
  description:
    '400 a field is wrong (the message names it; nothing is stored), 401 no or an unknown sending key, 403 the key may not send for this domain or from this address, 413 the message is too large',
};

export const sendingSecuritySchemes = {
  sendingKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A sending key (Credentials › Sending keys). The native API and the SendGrid-shaped API take it as a Bearer token.',
  },
  mailgunBasic: {
    type: 'http',
    scheme: 'basic',
    description: 'Mailgun style: user `api`, password the sending key (mailgun.js: `{username: "api", key}`).',
  },
} as const;

export const sendingPaths = {
  '/v3/{domain}/messages': {
    post: {
      tags: ['Sending'],
      summary: 'Send one message, Mailgun-shaped (mailgun.js and Mailgun form fields)',
      description:
        'Point a Mailgun client at this server (mailgun.js: `url: "https://<your Mailwright>"`). `{domain}` here is the sending domain\'s name, as with Mailgun. Refusals answer `{"message": …}` like Mailgun.',
      security: [{ mailgunBasic: [] }],
      parameters: [
        { name: 'domain', in: 'path', required: true, schema: text, description: 'The sending domain name' },
      ],
      requestBody: {
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['from', 'to'],
              properties: {
                from: text,
                to: oneOrMany,
                cc: oneOrMany,
                bcc: oneOrMany,
                subject: text,
                text,
                html: text,
                attachment: { type: 'array', items: { type: 'string', format: 'binary' } },
                inline: { type: 'array', items: { type: 'string', format: 'binary' } },
                'o:tag': oneOrMany,
                'o:testmode': text,
                'o:deliverytime': { type: 'string', description: 'RFC 2822 date' },
                'o:tracking': text,
                'o:tracking-clicks': text,
                'o:tracking-opens': text,
                'h:X-My-Header': { type: 'string', description: 'Any `h:` field adds that header' },
                'v:my-var': { type: 'string', description: 'Any `v:` field is a variable, echoed in webhooks' },
              },
            },
          },
          'application/x-www-form-urlencoded': { schema: { type: 'object' } },
        },
      },
      responses: {
        200: {
          description: 'Queued',
          content: { 'application/json': { schema: { type: 'object', properties: { id: text, message: text } } } },
        },
        default: sendingError,
      },
    },
  },
  '/v3/{domain}/messages.mime': {
    post: {
      tags: ['Sending'],
      summary: 'Send a ready MIME message, Mailgun-shaped (`to` and a `message` file)',
      security: [{ mailgunBasic: [] }],
      parameters: [
        { name: 'domain', in: 'path', required: true, schema: text, description: 'The sending domain name' },
      ],
      requestBody: {
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['to', 'message'],
              properties: { to: oneOrMany, message: { type: 'string', format: 'binary' } },
            },
          },
        },
      },
      responses: { 200: { description: 'Queued' }, default: sendingError },
    },
  },
  '/v3/mail/send': {
    post: {
      tags: ['Sending'],
      summary: 'Send, SendGrid-shaped (@sendgrid/mail and the v3 mail/send JSON)',
      description:
        'Point @sendgrid/mail at this server through a client whose base URL is set AFTER its key, because `setApiKey()` resets the base URL: `const client = new Client(); client.setApiKey(key); client.setDefaultRequest("baseUrl", "https://<your Mailwright>"); sgMail.setClient(client)` (Client from @sendgrid/client). Errors answer SendGrid\'s `{"errors": [{"message", "field", "help"}]}`.',
      security: [{ sendingKey: [] }],
      requestBody: {
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['personalizations', 'from'],
              properties: {
                personalizations: { type: 'array', items: { type: 'object' } },
                from: { type: 'object', properties: { email: text, name: text } },
                reply_to: { type: 'object' },
                subject: text,
                content: { type: 'array', items: { type: 'object', properties: { type: text, value: text } } },
                attachments: { type: 'array', items: { type: 'object' } },
                categories: { type: 'array', items: text },
                custom_args: { type: 'object', additionalProperties: text },
                send_at: { type: 'integer' },
                tracking_settings: { type: 'object' },
              },
            },
          },
        },
      },
      responses: { 202: { description: 'Queued (empty body, X-Message-Id header)' }, default: sendingError },
    },
  },
};
