import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type TestContext, buildTestApp } from '../../test/helpers.ts';

describe.each(ENGINES)('OpenAPI document and docs page (%s)', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves an OpenAPI 3 document at /api/openapi.json with every route and its zod schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('NameBourse API');
    expect(doc.tags.map((tag: { name: string }) => tag.name)).toEqual(
      expect.arrayContaining(['platform', 'account', 'support']),
    );

    const feedback = doc.paths['/api/general/service/feedback']?.post;
    expect(feedback).toBeDefined();
    expect(feedback.tags).toEqual(['support']);
    const body = feedback.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties).sort()).toEqual(['category', 'content', 'email', 'name']);
    expect(body.properties.category.enum).toContain('suggestion');
    const ok = feedback.responses['200'].content['application/json'].schema;
    expect(Object.keys(ok.properties.data.properties).sort()).toEqual(['createdAt', 'feedbackId']);

    expect(doc.paths['/api/health']?.get.responses['200']).toBeDefined();
    expect(doc.paths['/api/account/csrf']?.get).toBeDefined();
    expect(doc.paths['/api/account/check-login']?.get).toBeDefined();
    expect(doc.paths['/api/account/logout']?.get).toBeDefined();
    expect(doc.paths['/region-data.json']?.get).toBeDefined();
    // Infrastructure routes stay out of the API description.
    expect(doc.paths['/metrics']).toBeUndefined();
    expect(doc.paths['/robots.txt']).toBeUndefined();
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/docs'))).toBe(false);
  });

  it('serves a browsable page at /api/docs that works under the CSP (same-origin assets only)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('NameBourse API');
    expect(res.body).toContain('swagger-ui-bundle.js');
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline scripts
    expect(res.body).not.toMatch(/(src|href)="https?:/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");

    for (const asset of ['/api/docs/static/swagger-ui-bundle.js', '/api/docs/static/swagger-initializer.js']) {
      const js = await t.app.inject({ method: 'GET', url: asset });
      expect(js.statusCode).toBe(200);
      expect(js.headers['content-type']).toContain('javascript');
    }
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.json().paths['/api/general/service/feedback']).toBeDefined();
  });
});
