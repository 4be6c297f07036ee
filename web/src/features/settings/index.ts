// What the app layer uses of the settings feature.
export { PreferencesSync } from './components/PreferencesSync';
export { settingsKeys } from './api/keys';
