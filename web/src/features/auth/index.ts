// What the app layer uses of the auth feature.
export { useSession } from './api/get-session';
export { useLogout } from './api/logout';
export { authKeys } from './api/keys';
export { LoginPage } from './components/LoginPage';
export { SetPasswordPage } from './components/SetPasswordPage';
export { SetupPage } from './components/SetupPage';
export { RequireSession } from './components/RequireSession';
