/** The catalogue shape and the merge of a main catalogue with its feature catalogues. */

/** A catalogue: nested sections whose leaves are texts. */
export type Catalogue = { [key: string]: string | Catalogue };

/** Merges feature catalogues into the main one (a section present in both is merged key by key). */
export function merge(...parts: Catalogue[]): Catalogue {
  const out: Catalogue = {};
  for (const part of parts) {
    for (const [k, v] of Object.entries(part)) {
      const prev = out[k];
      out[k] = typeof v === 'object' && prev && typeof prev === 'object' ? merge(prev, v) : v;
    }
  }
  return out;
}
