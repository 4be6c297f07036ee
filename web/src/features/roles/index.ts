// The roles pages, loaded on demand by their routes (see app/routes.tsx).
export { RolesPage } from './components/RolesPage';
export { RolePage } from './components/RolePage';
