/**
 * The migration engine: reads a LeanCloud export (files) or a live LeanCloud-compatible app (scan
 * API) and writes it into a Switchboard server over HTTP with its master key. One engine under
 * `pnpm migrate` (server/src/cli) and the console's migration wizard (bff/).
 */
export * from './check-export';
export * from './checkpoint';
export * from './csv';
export * from './csv-types';
export * from './engine';
export * from './fetch-through';
export * from './file-download';
export * from './live';
export * from './live-client';
export * from './parse-error';
export * from './plan';
export * from './report';
export * from './schema-file';
export * from './schema-options';
export * from './source';
export * from './target';
export * from './unpack-budget';
