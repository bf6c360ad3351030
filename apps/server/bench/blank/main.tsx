// The bench's blank page (ADR 011): the site's toolchain, React, one heading
// and one button, rendered in the browser as the site's own entry does. Every
// page's paint times are reported as a ratio to this page's, and its first
// working tap beside theirs (tap.ts).
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

function Blank() {
  const [tapped, setTapped] = useState(false);
  return (
    <>
      <h1>Summit &amp; Shore</h1>
      <button type="button" onClick={() => setTapped(true)}>
        Tap
      </button>
      {tapped && <p>Tapped</p>}
    </>
  );
}

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Blank />
  </StrictMode>,
);
