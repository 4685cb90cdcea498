/**
 * Account lifecycle tables (spec §4 activation and reset flows; ARCHITECTURE.md Security
 * defaults): one-time link tokens, the mail/SMS outbox of the embedded demo, and single sign-on
 * states (PKCE verifier and nonce kept server-side, keyed by the hashed state).
 */
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './offices.js';
import { users } from './people.js';

/**
 * One-time tokens of activation and reset links. Only the SHA-256 hex of the 256-bit raw token
 * is stored; a token is spent (`used_at`) on success and refused after `expires_at`.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'activation' | 'reset'. */
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.purpose)],
);

/**
 * Messages to people (e-mail and SMS) kept when no SMTP server is configured (SMTP_URL unset, the
 * embedded demo): the platform admin reads them at /admin/outbox. With SMTP_URL set, e-mail is
 * sent and not stored here.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    /** 'email' | 'sms'. */
    channel: text('channel').notNull(),
    /** E-mail address or E.164 phone number. */
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient)],
);

/**
 * Single sign-on requests in flight: created by /locate, consumed once by /api/client/sso. The
 * state is stored as SHA-256 hex; the PKCE verifier and nonce never leave the server.
 */
export const ssoStates = pgTable('sso_states', {
  id: serial('id').primaryKey(),
  stateHash: text('state_hash').notNull().unique(),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  loginHint: text('login_hint').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
