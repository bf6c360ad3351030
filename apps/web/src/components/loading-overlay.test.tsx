import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { shellLoadingHtml } from '@sas/domain';
import { LoadingOverlay } from './loading-overlay';

describe('LoadingOverlay', () => {
  it("is what a page sent as the shell shows until the app renders, so the app's first frame draws the same", () => {
    const drawnByTheApp = renderToStaticMarkup(<LoadingOverlay />).replace(' data-testid="loading-overlay"', '');
    const drawnByTheShell = shellLoadingHtml.replace(' data-script-placeholder=""', '');
    expect(drawnByTheShell).toBe(drawnByTheApp);
  });
});
