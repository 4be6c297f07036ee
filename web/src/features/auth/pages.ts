// The auth feature's pages, loaded on demand by their routes.
export { LoginPage } from './components/LoginPage';
export { SetPasswordPage } from './components/SetPasswordPage';
export { SetupPage } from './components/SetupPage';
