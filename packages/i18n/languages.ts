/**
 * The supported languages (spec §1: English and Albanian) without their catalogues, for clients
 * that load a catalogue on demand (the web console's first page imports only this).
 */
export const LANGUAGES = ['en', 'sq'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
