// What the app layer uses of the migration wizard; the pages themselves load from ./pages.
export { migratePaths } from './utils/paths';
