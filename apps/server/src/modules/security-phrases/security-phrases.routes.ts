/**
 * POST /api/client/commonphrase (spec §7: GET-ALL-PHRASES, GET-PHRASE, GET-PHRASE-FOR-UPDATE,
 * ADD-PHRASE, UPDATE-MULTIPLE-PHRASES; docs/API.md "Security phrases"). Answer body: `{ phrases }`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PhraseKey, ZCommonPhraseRequest, responsesOf, ZCommonPhraseAnswer } from '@vigil/contract';
import { translate } from '@vigil/i18n';
import { requestLanguage } from '../../plugins/errors.js';
import { authOf, requireClient } from '../../plugins/session.js';
import { addPhrase, getPhrase, listPhrases, updatePhrases } from './security-phrases.service.js';

export async function securityPhrasesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/client/commonphrase',
    { preValidation: requireClient, schema: { body: ZCommonPhraseRequest, response: responsesOf(ZCommonPhraseAnswer) } },
    async (req) => {
      const a = { auth: authOf(req), ip: req.ip };
      const input = req.body;
      switch (input.case) {
        case 'GET-ALL-PHRASES':
          return { success: true, body: { phrases: await listPhrases(app, a, input.organizationId) } };
        case 'GET-PHRASE':
        case 'GET-PHRASE-FOR-UPDATE':
          return { success: true, body: { phrases: [await getPhrase(app, a, input.phraseId, input.case === 'GET-PHRASE-FOR-UPDATE')] } };
        case 'ADD-PHRASE':
          return {
            success: true,
            body: { phrases: [await addPhrase(app, a, input)] },
            description: translate(requestLanguage(req), PhraseKey.Added),
          };
        case 'UPDATE-MULTIPLE-PHRASES':
          return {
            success: true,
            body: { phrases: await updatePhrases(app, a, input) },
            description: translate(requestLanguage(req), PhraseKey.Updated),
          };
      }
    },
  );
}
