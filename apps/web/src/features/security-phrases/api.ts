/**
 * Security phrases client (docs/API.md "Security phrases"; spec §7 commonphrase): the
 * organisation's phrases (admins: all, roles 5/8: current only) and the admins' add and save.
 * Errors carry the server's description (spec §8).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CommonPhraseAnswer, SecurityPhrase, ZCommonPhraseRequest } from '@vigil/contract';
import { DateTime } from 'luxon';
import { apiPost } from '../../shared/api/client';

const PATH = '/api/client/commonphrase';
type PhraseRequest = z.input<typeof ZCommonPhraseRequest>;

export const phraseKeys = {
  all: ['security-phrases'] as const,
  list: (organizationId: number | undefined) => [...phraseKeys.all, 'list', organizationId ?? 0] as const,
};

/** GET-ALL-PHRASES of `organizationId` (undefined: the admin's own organisation). */
export function usePhrases(organizationId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: phraseKeys.list(organizationId),
    queryFn: ({ signal }) =>
      apiPost<CommonPhraseAnswer>(PATH, { case: 'GET-ALL-PHRASES', organizationId } satisfies PhraseRequest, { signal }).then(
        (b) => b.phrases,
      ),
    enabled,
    // Phrases expire: read again every minute so an expired one leaves the operator's box.
    refetchInterval: 60_000,
  });
}

/** ADD-PHRASE or UPDATE-MULTIPLE-PHRASES; refetches every phrase list. */
export function useSavePhrases() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: Extract<PhraseRequest, { case: 'ADD-PHRASE' | 'UPDATE-MULTIPLE-PHRASES' }>) =>
      apiPost<CommonPhraseAnswer>(PATH, input).then((b) => b.phrases),
    onSuccess: () => qc.invalidateQueries({ queryKey: phraseKeys.all }),
  });
}

/** True while a phrase is valid at `now` (no expiry, or expiring later). */
export function isCurrent(p: Pick<SecurityPhrase, 'Expires'>, now: number): boolean {
  return p.Expires == null || Date.parse(p.Expires) > now;
}

/** An ISO instant as local date and time in the UI language (luxon). */
export function formatInstant(iso: string, language: string): string {
  return DateTime.fromISO(iso).setLocale(language).toLocaleString(DateTime.DATETIME_MED);
}

/** 'YYYY-MM-DDTHH:mm' (browser zone) of an ISO instant, for a datetime-local input; '' for none. */
export function toLocalInput(iso: string | null): string {
  return iso ? DateTime.fromISO(iso).toFormat("yyyy-MM-dd'T'HH:mm") : '';
}

/** The ISO instant of a datetime-local value (browser zone); null for ''. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = DateTime.fromISO(value);
  return d.isValid ? d.toUTC().toISO() : null;
}
