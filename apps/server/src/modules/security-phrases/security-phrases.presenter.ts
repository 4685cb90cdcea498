/** The one JSON shape of a security phrase (spec §3), for every commonphrase case. */
import type { SecurityPhrase } from '@vigil/contract';
import type { PhraseRow } from './security-phrases.repository.js';

/** Presents a phrase row; `manage`: the caller administers its organisation (CanBeEdited). */
export function presentPhrase(r: PhraseRow, now: Date, manage: boolean): SecurityPhrase {
  const isExpired = r.expiresAt != null && r.expiresAt.getTime() <= now.getTime();
  return {
    Id: r.id,
    Phrase: r.phrase,
    IsDuress: r.isDuress,
    Expires: r.expiresAt ? r.expiresAt.toISOString() : null,
    Created: r.createdAt.toISOString(),
    CanBeEdited: manage && !isExpired,
    CreatedBy: r.createdByName,
    ExpirationEditable: r.expirationEditable,
    IsExpired: isExpired,
    OrganizationId: r.organizationId,
  };
}
