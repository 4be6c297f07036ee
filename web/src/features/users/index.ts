// What the app layer uses of the users feature; the pages themselves load from ./pages.
export { userKeys } from './api/keys';
