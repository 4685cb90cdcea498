/**
 * Security phrases (spec §3 Security phrase, §4 phrase expiry, §7 commonphrase, §8 "Security
 * phrase errors use the server's description text"). A phrase lets a monitoring operator check a
 * caller from the organisation: the caller says it, the operator compares it with the current
 * phrases; a duress phrase (IsDuress) means the caller is under threat. Organisation admins (2,
 * 12) manage their organisation's phrases; the monitoring security offices' officers and operators
 * (5, 8) read the current ones. docs/API.md "Security phrases".
 */
import { z } from 'zod';
import { ValidationKey as V } from './errors.js';
import { isStorableText } from './text.js';
import { zId } from './numbers.js';

/** Catalogue keys of phrase errors (packages/i18n phrases.*.json, section `phrases`). */
export const PhraseKey = {
  NotFound: 'phrases.errors.notFound',
  /** An expired phrase is history: it cannot be edited (add a new one). */
  Expired: 'phrases.errors.expired',
  /** The same phrase (any case) is already current in the organisation. */
  Duplicate: 'phrases.errors.duplicate',
  /** Expires must lie in the future. */
  ExpiresInPast: 'phrases.errors.expiresInPast',
  /** The phrase's expiry is fixed (ExpirationEditable false). */
  ExpirationLocked: 'phrases.errors.expirationLocked',
  /** The same phrase id twice in one UPDATE-MULTIPLE-PHRASES. */
  Repeated: 'phrases.errors.repeated',
  /** Fewer than 3 characters. */
  TooShort: 'phrases.errors.tooShort',
  /** More than 200 characters. */
  TooLong: 'phrases.errors.tooLong',
  Expires: 'phrases.errors.expiresFormat',
  Added: 'phrases.messages.added',
  Updated: 'phrases.messages.updated',
} as const;

/** Days a phrase without expiry keeps after an edit (spec §4). */
export const PHRASE_EDIT_EXPIRY_DAYS = 7;
/** Longest phrase, characters. */
export const PHRASE_MAX = 200;
/** At most this many phrases in one UPDATE-MULTIPLE-PHRASES. */
export const PHRASES_PER_UPDATE = 100;

/** The phrase text: 3–200 characters, trimmed. */
export const ZPhraseText = z
  .string(V.Required)
  .trim()
  .min(1, V.Required)
  .min(3, 'phrases.errors.tooShort')
  .max(PHRASE_MAX, 'phrases.errors.tooLong')
  .refine((v) => v.length > PHRASE_MAX || isStorableText(v), V.Formatted);

/** An instant as ISO 8601 text with a zone (UTC `Z` or an offset); null = no expiry. */
export const ZPhraseExpires = z
  .string(PhraseKey.Expires)
  .max(40, PhraseKey.Expires)
  .refine(
    (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)),
    PhraseKey.Expires,
  )
  .nullish();

const ZOrg = zId().nullish();

/**
 * POST /api/client/commonphrase (spec §7: get all, get one, get for update, add, update
 * multiple). `organizationId` names the organisation for a dealer (12) and the security roles (5,
 * 8); an organisation admin (2) always acts on its own.
 */
export const ZCommonPhraseRequest = z.discriminatedUnion('case', [
  /** Admins: every phrase of the organisation, expired ones flagged; roles 5, 8: the current ones only. */
  z.object({ case: z.literal('GET-ALL-PHRASES'), organizationId: ZOrg }),
  /** One phrase (roles 5, 8: only while current, else 404). */
  z.object({ case: z.literal('GET-PHRASE'), phraseId: zId() }),
  /** One phrase with its edit flags, for the edit form (admins only). */
  z.object({ case: z.literal('GET-PHRASE-FOR-UPDATE'), phraseId: zId() }),
  z.object({
    case: z.literal('ADD-PHRASE'),
    organizationId: ZOrg,
    Phrase: ZPhraseText,
    IsDuress: z.boolean().default(false),
    Expires: ZPhraseExpires,
    /** Whether the expiry may be changed later (spec §3 "expiration-editable flag"); default true. */
    ExpirationEditable: z.boolean().default(true),
  }),
  /** Saves several phrases at once, all or nothing. A phrase with no expiry gets now + 7 days (spec §4). */
  z.object({
    case: z.literal('UPDATE-MULTIPLE-PHRASES'),
    phrases: z
      .array(
        z.object({
          Id: zId(),
          Phrase: ZPhraseText,
          IsDuress: z.boolean(),
          /** Absent: unchanged (or now + 7 days when the phrase has none). */
          Expires: ZPhraseExpires,
        }),
      )
      .min(1, V.Required)
      .max(PHRASES_PER_UPDATE, V.Max),
  }),
]);
export type CommonPhraseRequest = z.infer<typeof ZCommonPhraseRequest>;
export type AddPhraseRequest = Extract<CommonPhraseRequest, { case: 'ADD-PHRASE' }>;
export type UpdatePhrasesRequest = Extract<CommonPhraseRequest, { case: 'UPDATE-MULTIPLE-PHRASES' }>;

/** Security phrase (spec §3). Instants are ISO 8601 UTC. */
export const ZSecurityPhrase = z.strictObject({
  Id: z.number(),
  Phrase: z.string(),
  IsDuress: z.boolean(),
  /** When it stops being valid; null = no expiry. */
  Expires: z.string().nullable(),
  Created: z.string(),
  /** Whether the caller may edit it: an admin of its organisation, and the phrase not expired. */
  CanBeEdited: z.boolean(),
  /** Name and surname of the creator; null when unknown. */
  CreatedBy: z.string().nullable(),
  /** Whether its expiry may be changed (spec §3 expiration-editable flag). */
  ExpirationEditable: z.boolean(),
  /** True once Expires has passed: never valid again (shown to admins as history only). */
  IsExpired: z.boolean(),
  OrganizationId: z.number(),
});
export type SecurityPhrase = z.output<typeof ZSecurityPhrase>;

/** Answer body of every commonphrase case. */
export const ZCommonPhraseAnswer = z.strictObject({
  phrases: z.array(ZSecurityPhrase),
});
export type CommonPhraseAnswer = z.output<typeof ZCommonPhraseAnswer>;
