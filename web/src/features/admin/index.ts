// What the app layer uses of the admin feature; the pages themselves load from ./pages.
export { adminKeys } from './api/keys';
