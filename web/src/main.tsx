// First: it starts the requests the first render waits for (app/early-load.ts).
import './app/early-load';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initialLanguage, loadLanguage } from './lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const container = root;

// The chosen language's strings come first; if they cannot be fetched, English is tried, and the
// console starts either way.
void loadLanguage(initialLanguage())
  .catch(() => loadLanguage('en'))
  .catch(() => undefined)
  .then(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
