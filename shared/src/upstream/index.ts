export * from './errors';
export * from './headers';
export * from './names';
export * from './objects';
export * from './types';
export * from './where';
export * from './json-limits';
export * from './schemas';
