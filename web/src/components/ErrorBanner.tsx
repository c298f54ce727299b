import { lab } from '../sim/controller';
import { useLab } from '../store/store';
import type { ErrorKind } from '../worker/protocol';

const HEADINGS: Record<ErrorKind, string> = {
  invalid: 'Invalid setting:',
  engine: 'Engine failure:',
  budget: 'Too large for the page:',
};

/** Shows the engine's one-line message; the last good run stays on screen. */
export function ErrorBanner() {
  const error = useLab((s) => s.error);
  const kind = useLab((s) => s.errorKind) ?? 'invalid';
  if (error === null) return null;
  return (
    <div className="error-banner" role="alert" data-testid="error" data-kind={kind}>
      <span className="error-text">
        <strong>{HEADINGS[kind]}</strong> <code data-testid="error-message">{error}</code>
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
