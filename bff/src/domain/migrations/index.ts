export { cancelMigration } from './cancel';
export { discardMigrationUpload } from './discard-upload';
export type { MigrationEnv } from './env';
export { getMigration, listMigrations } from './get';
export { resumeMigration } from './resume';
export { startLiveMigration } from './start-live';
export { startUploadMigration } from './start-upload';
export { uploadsRoot } from './uploads';
