import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { connectOffline } from './connectOffline';
import { browserLanguage } from './i18n/language';
import { sendQueueSoon } from './offline/sender';
import { registerServiceWorker } from './offline/serviceWorker';

connectOffline();
registerServiceWorker(sendQueueSoon);
// The sign-in pages speak the browser's language; once signed in, AdminApp sets the person's.
document.documentElement.lang = browserLanguage();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
