import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Placeholder until the web shell lands: the API is complete and documented at /api/docs.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main style={{ fontFamily: 'system-ui', padding: 32 }}>
      <h1>Storeline</h1>
      <p>
        The API is running. See <a href="/api/docs">/api/docs</a>.
      </p>
    </main>
  </StrictMode>,
);
