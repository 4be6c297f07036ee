export * from './recording-server';
