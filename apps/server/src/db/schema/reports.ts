/**
 * Report tables. The survey tables the survey report reads (surveys, submitted_surveys) are in
 * surveys.ts (spec §3 Survey, Survey report row). Vault access (VaultTrak) needs no table: it is
 * the VAULT_ACCESS event kind.
 */
export {};
