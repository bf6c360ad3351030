// The support chat loads on the first click anywhere in the page (SPEC.md
// section 2). Kept apart from the loader, which is a chunk of its own (ADR 048):
// the listener is there from the banner's first render, so a click while the
// loader's code is still on its way counts too.

/** Runs `load` on the first click anywhere in `doc`; returns the clean-up. A load that fails must not break the page. */
export function loadOnFirstClick(doc: Document, load: () => Promise<unknown>): () => void {
  // Capture, so a click whose handler stops propagation still counts.
  const onFirstClick = () => {
    load().catch(() => {
      // 'Chat live' then offers the contact form.
    });
  };
  doc.addEventListener('click', onFirstClick, { capture: true, once: true });
  return () => doc.removeEventListener('click', onFirstClick, { capture: true });
}
