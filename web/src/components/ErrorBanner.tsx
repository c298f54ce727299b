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

/** An informational message (a shared link from another engine version, a link that failed). */
export function NoticeBanner() {
  const notice = useLab((s) => s.notice);
  if (notice === null) return null;
  return (
    <div className="notice-banner" role="status" data-testid="notice">
      <span>{notice}</span>
      <button type="button" onClick={() => lab.dismissNotice()} aria-label="Dismiss notice">
        Dismiss
      </button>
    </div>
  );
}
