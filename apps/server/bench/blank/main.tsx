// The bench's blank page (ADR 011): the site's toolchain, React, one heading,
// one button and one link, rendered in the browser as the site's own entry
// does. Every page's paint times are reported as a ratio to this page's, and
// its first working taps beside theirs (tap.ts): the button's, which changes
// the page, beside taps that change a page; the link's, which loads the
// lightest page there is (a heading in static HTML), beside taps that load one.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

/** The page the link loads (blank.ts writes it beside this one). */
const nextPagePath = '/bench-blank/next.html';

function Blank() {
  const [tapped, setTapped] = useState(false);
  return (
    <>
      <h1>Summit &amp; Shore</h1>
      <button type="button" onClick={() => setTapped(true)}>
        Tap
      </button>
      {tapped && <p>Tapped</p>}
      <p>
        <a href={nextPagePath}>Next page</a>
      </p>
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
