// The console frame, its area gates and the landing page: one module the routes load on demand,
// so they share one chunk (and the first load's shared chunks split no differently).
export { AppShell } from './AppShell';
export { AdminGate, AreaGate } from './AreaGate';
export { AppLanding } from './AppLanding';
