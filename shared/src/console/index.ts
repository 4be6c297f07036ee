export * from './apps';
export * from './audit';
export * from './auth';
export * from './errors';
export * from './permissions';
export * from './routes';
export * from './totp';
export * from './upstream';
