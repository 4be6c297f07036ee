// The settings page, loaded on demand by its route.
export { SettingsPage } from './components/SettingsPage';
