import { lab } from '../sim/controller';
import { useLab } from '../store/store';

/** Shows the engine's one-line validation message; the last good run stays on screen. */
export function ErrorBanner() {
  const error = useLab((s) => s.error);
  if (error === null) return null;
  return (
    <div className="error-banner" role="alert" data-testid="error">
      <span className="error-text">
        <strong>Invalid setting:</strong> <code data-testid="error-message">{error}</code>
      </span>
      <button type="button" onClick={() => lab.dismissError()} aria-label="Dismiss error">
        Dismiss
      </button>
    </div>
  );
}
