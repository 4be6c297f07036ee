// The users pages, loaded on demand by their routes (see app/routes.tsx).
export { UsersPage } from './components/UsersPage';
export { UserPage } from './components/UserPage';
