// The wizard's pages, loaded on demand by their routes (see app/routes.tsx).
export { MigratePage } from './components/MigratePage';
export { MigrationRunPage } from './components/MigrationRunPage';
