import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/setup.ts';

const t = useTestApp();

interface OpenApiDoc {
  openapi: string;
  info: { description: string };
  paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
  components: { securitySchemes: Record<string, unknown> };
}

describe('the API reference (issue 11)', () => {
  it('serves the OpenAPI document generated from the contract at /api/openapi.json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json() as OpenApiDoc;
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/customers/{id}', '/api/users']));
    expect(doc.paths['/api/login']).toHaveProperty('post');
    expect(doc.info.description).toMatch(/`\{domain\}` and `\{id\}` of a domain are the domain's numeric id/);
  });

  it('includes the three sending APIs, each with the sending key it needs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDoc;
    expect(doc.paths['/api/v1/send']?.post?.security).toEqual([{ sendingKey: [] }]);
    expect(doc.paths['/v3/{domain}/messages']?.post?.security).toEqual([{ mailgunBasic: [] }]);
    expect(doc.paths['/v3/{domain}/messages.mime']?.post?.security).toEqual([{ mailgunBasic: [] }]);
    expect(doc.paths['/v3/mail/send']?.post?.security).toEqual([{ sendingKey: [] }]);
    expect(Object.keys(doc.components.securitySchemes)).toEqual(
      expect.arrayContaining(['bearer', 'sendingKey', 'mailgunBasic']),
    );
    expect(JSON.stringify(doc.paths['/v3/mail/send'])).toMatch(/setApiKey\(\)` resets the base URL/);
  });

  it('renders it at /api/docs with Swagger UI served from this server, no CDN', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain("url: '/api/openapi.json'");
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(source.startsWith('/api/docs/assets/'), source).toBe(true);
      const asset = await t.app.inject({ method: 'GET', url: source });
      expect(asset.statusCode, source).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/assets/package.json' })).statusCode).toBe(404);
  });
});
