/**
 * RESPONSE_VALIDATION (plugins/response-serializer.ts): with it on, as the test harness and the e2e
 * server run, an answer with an undeclared field, a missing field or a wrong type fails (500 and a
 * log line naming the route and the issue path); with it off (production) answers are only
 * serialised. Tiny apps with the real compiler and the real error handler, no database needed.
 */
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, responsesOf, ZErrorEnvelope } from '@vigil/contract';
import { loadConfig } from '../src/config.js';
import { registerErrorHandling } from '../src/plugins/errors.js';
import { responseSerializerCompiler } from '../src/plugins/response-serializer.js';

const ZThing = z.strictObject({ id: z.number(), name: z.string() });

/** An app whose one route answers `answer` under the declared schema envelopeOf(ZThing). */
async function appAnswering(answer: unknown, validate: boolean) {
  const logged: unknown[] = [];
  const app = Fastify({ logger: false });
  const log = { ...app.log, error: (obj: unknown) => void logged.push(obj) } as typeof app.log;
  app.decorate('config', loadConfig({ PORT: '0', HOST: '127.0.0.1' }));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ validate, log }));
  registerErrorHandling(app);
  app.withTypeProvider<ZodTypeProvider>().get('/thing', { schema: { response: responsesOf(ZThing) } }, async (_req, reply) => {
    // The handler deliberately answers whatever the test gives, typed or not.
    return reply.send(answer as never);
  });
  await app.ready();
  return { app, logged };
}

describe('response schemas (RESPONSE_VALIDATION)', () => {
  it('lets a matching answer through unchanged', async () => {
    const { app, logged } = await appAnswering({ success: true, body: { id: 1, name: 'a' } }, true);
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, body: { id: 1, name: 'a' } });
    expect(logged).toEqual([]);
  });

  it('fails an answer with an undeclared field: 500 errors.generic, logged with route and path', async () => {
    const { app, logged } = await appAnswering({ success: true, body: { id: 1, name: 'a', secret: 'x' } }, true);
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ success: false, code: 'errors.generic' });
    expect(JSON.stringify(res.json())).not.toContain('secret');
    expect(logged[0]).toMatchObject({ route: 'GET /thing 200' });
    expect((logged[0] as { issues: string[] }).issues.join()).toMatch(/^body: .*secret/);
  });

  it('fails an answer missing a declared field', async () => {
    const { app, logged } = await appAnswering({ success: true, body: { id: 1 } }, true);
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.statusCode).toBe(500);
    expect((logged[0] as { issues: string[] }).issues[0]).toMatch(/^body\.name: /);
  });

  it('fails an answer with a wrong type', async () => {
    const { app, logged } = await appAnswering({ success: true, body: { id: '1', name: 'a' } }, true);
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.statusCode).toBe(500);
    expect((logged[0] as { issues: string[] }).issues[0]).toMatch(/^body\.id: /);
  });

  it('checks the 4xx error envelope too', async () => {
    const { app } = await appAnswering({ success: false, code: 'errors.notFound' }, true);
    expect(ZErrorEnvelope.safeParse({ success: false, code: 'errors.notFound' }).success).toBe(false);
    // A 200 answer with success:false is not the success envelope either.
    expect((await app.inject({ method: 'GET', url: '/thing' })).statusCode).toBe(500);
    expect(envelopeOf(ZThing).safeParse({ success: true, body: { id: 1, name: 'a' }, extra: 1 }).success).toBe(false);
  });

  it('with RESPONSE_VALIDATION off (production) only serialises, as JSON.stringify does', async () => {
    const answer = { success: true, body: { id: 1, name: 'a', extra: [1, 'é', null] } };
    const { app, logged } = await appAnswering(answer, false);
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(JSON.stringify(answer));
    expect(logged).toEqual([]);
  });

  it('is on in the test harness and off by default', () => {
    expect(loadConfig({ PORT: '0', HOST: '127.0.0.1' }).responseValidation).toBe(false);
    expect(loadConfig({ PORT: '0', HOST: '127.0.0.1', RESPONSE_VALIDATION: '1' }).responseValidation).toBe(true);
    expect(() => loadConfig({ PORT: '0', HOST: '127.0.0.1', RESPONSE_VALIDATION: 'yes' })).toThrow(
      /RESPONSE_VALIDATION must be true or false/,
    );
  });
});
