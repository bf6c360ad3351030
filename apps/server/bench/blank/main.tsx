// The bench's blank page (ADR 011): the site's toolchain, React and one
// heading, rendered in the browser as the site's own entry does. Every page's
// paint times are reported as a ratio to this page's.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <h1>Summit &amp; Shore</h1>
  </StrictMode>,
);
