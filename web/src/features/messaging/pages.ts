// The messaging pages, loaded on demand by their routes (see app/routes.tsx).
export { ConversationsPage } from './components/ConversationsPage';
export { ConversationPage } from './components/ConversationPage';
export { ClientsPage } from './components/ClientsPage';
export { ClientPage } from './components/ClientPage';
export { BroadcastsPage } from './components/BroadcastsPage';
export { OverviewPage } from './components/OverviewPage';
