// The push pages, loaded on demand by their routes (see app/routes.tsx).
export { RecordsPage } from './components/RecordsPage';
export { RecordPage } from './components/RecordPage';
export { ComposePage } from './components/ComposePage';
export { ScheduledPage } from './components/ScheduledPage';
export { DevicesPage } from './components/DevicesPage';
export { OverviewPage } from './components/OverviewPage';
