import './loading-overlay.css';

interface LoadingOverlayProps {
  /** SPEC.md uses other wording for long steps, e.g. 'Processing your reservation...'. */
  label?: string;
}

export function LoadingOverlay({ label = 'Loading...' }: LoadingOverlayProps) {
  return (
    <div className="loading-overlay" role="status" aria-live="polite" data-testid="loading-overlay">
      <span className="loading-overlay__spinner" aria-hidden="true" />
      <span className="loading-overlay__label">{label}</span>
    </div>
  );
}
