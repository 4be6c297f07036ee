export * from './upstream/index';
export * from './console/index';
