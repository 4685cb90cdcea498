/**
 * POST /api/client/manageuserproperties (spec §7 Employees and profile; §5 Profile; §8 Profile):
 * UPDATE-PROFILE (first name, surname; email is read-only), UPDATE-PASSWORD (old, new, confirm),
 * UPDATE-LANGUAGE. Answers `{status, success, body:{msg}, description}`; every change is audited.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { ErrorCode, ZManageUserPropertiesRequest } from '@vigil/contract';
import { translate } from '@vigil/i18n';
import { users } from '../../db/schema/index.js';
import { badRequest, requestLanguage } from '../../plugins/errors.js';
import { requireClient } from '../../plugins/session.js';
import { writeAudit } from '../audit/audit.service.js';
import { hashSecret, verifySecret } from '../auth/passwords.js';

export async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/client/manageuserproperties',
    { preValidation: requireClient, schema: { body: ZManageUserPropertiesRequest } },
    async (req) => {
      const auth = req.auth!;
      const lang = requestLanguage(req);
      const input = req.body;
      const [user] = await app.db.select().from(users).where(eq(users.id, auth.userId)).limit(1);
      if (!user) throw badRequest();
      let msgKey: string;
      await app.db.transaction(async (tx) => {
        switch (input.case) {
          case 'UPDATE-PROFILE': {
            if (input.profileEmail && input.profileEmail.trim().toLowerCase() !== user.email.toLowerCase()) {
              throw badRequest(ErrorCode.EmailReadOnly, 'profileEmail');
            }
            const after = { name: input.profileName, surname: input.profileLastName };
            await tx
              .update(users)
              .set({ ...after, updatedAt: new Date() })
              .where(eq(users.id, user.id));
            await writeAudit(tx, {
              actorUserId: user.id,
              action: 'update-profile',
              entity: 'users',
              entityId: user.id,
              before: { name: user.name, surname: user.surname },
              after,
              ip: req.ip,
            });
            msgKey = 'messages.profileUpdated';
            break;
          }
          case 'UPDATE-PASSWORD': {
            if (!(await verifySecret(user.passwordHash, input.oldpass))) throw badRequest(ErrorCode.OldPasswordWrong, 'oldpass');
            await tx
              .update(users)
              .set({ passwordHash: await hashSecret(input.newpass), updatedAt: new Date() })
              .where(eq(users.id, user.id));
            await writeAudit(tx, { actorUserId: user.id, action: 'update-password', entity: 'users', entityId: user.id, ip: req.ip });
            msgKey = 'messages.passwordUpdated';
            break;
          }
          case 'UPDATE-LANGUAGE': {
            await tx.update(users).set({ langId: input.langId, updatedAt: new Date() }).where(eq(users.id, user.id));
            await writeAudit(tx, {
              actorUserId: user.id,
              action: 'update-language',
              entity: 'users',
              entityId: user.id,
              before: { langId: user.langId },
              after: { langId: input.langId },
              ip: req.ip,
            });
            msgKey = 'messages.languageUpdated';
            break;
          }
        }
      });
      const msg = translate(lang, msgKey!);
      return { status: 200, success: true, body: { msg }, description: msg };
    },
  );
}
