/**
 * The signed-in user's own profile (spec §7 manageuserproperties; §5 Profile; §8 Profile):
 * UPDATE-PROFILE (first name, surname; the e-mail is read-only), UPDATE-PASSWORD (the old one
 * checked) and UPDATE-LANGUAGE. Every change is audited (passwords only as "changed").
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ErrorCode, type ZManageUserPropertiesRequest } from '@vigil/contract';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { badRequest } from '../../plugins/errors.js';
import { writeAudit } from '../audit/audit.service.js';
import { hashSecret, verifySecret } from '../auth/passwords.js';

/**
 * Applies one case of manageuserproperties to user `userId`; returns the catalogue key of the
 * answer's message (messages.profileUpdated, passwordUpdated or languageUpdated).
 * @throws 400 errors.emailReadOnly (field profileEmail), errors.oldPasswordWrong (field oldpass).
 */
export async function updateOwnProfile(
  db: Db,
  userId: number,
  ip: string,
  input: z.output<typeof ZManageUserPropertiesRequest>,
): Promise<string> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw badRequest();
  return db.transaction(async (tx) => {
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
          ip,
        });
        return 'messages.profileUpdated';
      }
      case 'UPDATE-PASSWORD': {
        if (!(await verifySecret(user.passwordHash, input.oldpass))) throw badRequest(ErrorCode.OldPasswordWrong, 'oldpass');
        await tx
          .update(users)
          .set({ passwordHash: await hashSecret(input.newpass), mustChangePassword: false, updatedAt: new Date() })
          .where(eq(users.id, user.id));
        await writeAudit(tx, { actorUserId: user.id, action: 'update-password', entity: 'users', entityId: user.id, ip });
        return 'messages.passwordUpdated';
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
          ip,
        });
        return 'messages.languageUpdated';
      }
    }
  });
}
