/**
 * The guarded client: every fetch made on someone else's word (the console's for its users, the
 * migration engine's for file URLs an export names) connects only where an address policy allows,
 * checked at connect time, with redirects re-checked and size and time capped. One copy, for the
 * bff and for pnpm migrate.
 */
export * from './address-policy';
export * from './guarded-agent';
export * from './guarded-fetch';
export * from './outbound-error';
