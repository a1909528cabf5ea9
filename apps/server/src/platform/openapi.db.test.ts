import { ERROR_CATALOGUE, type ErrorCode } from '@namebourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, enginesFor, type TestContext } from '../../test/helpers.ts';
import { errorCodesOf, operationIdOf } from './openapi-operations.ts';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  'x-access'?: unknown;
  responses: Record<
    string,
    { content?: Record<string, { schema: { properties?: Record<string, { enum?: string[] }> } }> }
  >;
}

describe('operation ids and error codes of a route', () => {
  it('names an operation by its method and path, parameters as By…', () => {
    expect(operationIdOf('GET', '/api/orders/:orderId/invoice')).toBe('getOrdersByOrderIdInvoice');
    expect(operationIdOf('POST', '/api/general/service/feedback')).toBe('postGeneralServiceFeedback');
    expect(operationIdOf('GET', '/api/health')).toBe('getHealth');
    expect(operationIdOf('GET', '/region-data.json')).toBe('getRegionDataJson');
  });

  it('lists what the platform may answer from the declarations, then the route\u2019s own codes', () => {
    expect(errorCodesOf({ method: 'GET', url: '/api/health', config: { access: 'public' } })).toEqual([
      'Request.Invalid',
      'Request.TooManyRequests',
      'Request.Unavailable',
    ]);
    const pay = errorCodesOf({
      method: 'POST',
      url: '/api/orders/:orderId/pay',
      schema: { params: {} },
      config: { access: { owner: 'order' }, errors: ['Funds.InsufficientBalance' as ErrorCode] },
    });
    expect(pay).toEqual(
      expect.arrayContaining([
        'Request.Invalid',
        'Account.Unauthorized',
        'Csrf.Invalid',
        'Request.IdempotencyConflict',
      ]),
    );
    expect(errorCodesOf({ method: 'GET', url: '/api/x', config: { access: 'public' } })).not.toContain(
      'Account.Unauthorized',
    );
    const review = errorCodesOf({
      method: 'POST',
      url: '/api/x',
      config: { access: { operator: 'admin' }, csrf: false, idempotency: false, mfa: 'X' },
    });
    expect(review).toEqual(expect.arrayContaining(['Account.Forbidden', 'Account.Mfa.Required']));
    expect(review).not.toContain('Csrf.Invalid');
    expect(review).not.toContain('Request.IdempotencyConflict');
  });
});

describe.each(enginesFor('app'))('OpenAPI document and docs page (%s)', (engine) => {
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

    // Every operation: a unique id, a summary, an envelope on success and its error codes by status.
    const ids = new Set<string>();
    const operations = Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ label: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(operations.length).toBeGreaterThan(90);
    const incomplete: string[] = [];
    for (const { label, op } of operations) {
      if (!op.operationId || ids.has(op.operationId)) incomplete.push(`${label}: operation id ${op.operationId}`);
      ids.add(op.operationId ?? '');
      if (!op.summary?.trim()) incomplete.push(`${label}: no summary`);
      if (!op.tags?.length) incomplete.push(`${label}: no tag`);
      if (op['x-access'] === undefined && !label.includes('/region-data.json'))
        incomplete.push(`${label}: no x-access`);
      const success = Object.keys(op.responses).filter((status) => status.startsWith('2'));
      if (success.length === 0) incomplete.push(`${label}: no success response`);
      const errors = Object.entries(op.responses).filter(([status]) => /^[45]/.test(status));
      if (!errors.some(([status]) => status === '503')) incomplete.push(`${label}: no 503`);
      for (const [status, response] of errors) {
        const codes = response.content?.['application/json']?.schema.properties?.code?.enum ?? [];
        if (codes.length === 0) incomplete.push(`${label}: ${status} lists no codes`);
        for (const code of codes) {
          if (String(ERROR_CATALOGUE[code as ErrorCode]?.status) !== status)
            incomplete.push(`${label}: ${code} listed under ${status}`);
        }
      }
    }
    expect(incomplete).toEqual([]);
    const pay = doc.paths['/api/orders/{orderId}/pay']?.post as Operation | undefined;
    if (pay) {
      expect(pay.responses['401']).toBeDefined();
      expect(pay.responses['403']?.content?.['application/json']?.schema.properties?.code?.enum).toContain(
        'Csrf.Invalid',
      );
    }

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
