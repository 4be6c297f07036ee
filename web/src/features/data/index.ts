// What the app layer uses of the data feature.
export { classKeys } from './api/keys';
export { DataLayout } from './components/DataLayout';
export { ChooseClassHint } from './components/ChooseClassHint';
export { ClassObjectsPage } from './components/ClassObjectsPage';
export { ClassHeaderActions, SchemaButton } from './components/classes/ClassHeaderActions';
