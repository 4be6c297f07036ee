// What the app layer uses of the apps feature.
export { useApps } from './api/get-apps';
export { appKeys } from './api/keys';
export { AppSelector } from './components/AppSelector';
export { AppsIndexRedirect } from './components/AppsIndexRedirect';
export { UnknownAppNotice } from './components/UnknownAppNotice';
