// The page's error and notice banners. The engine's messages stay English (the CLI, the tests
// and the regression reports read the same words); the page introduces them in its own language
// ("参数 buffer_bdp：" before "Knob buffer_bdp: must be at most 100"), issue 31 §1.
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { lab } from '../sim/controller';
import { useLab } from '../store/store';
import type { ErrorKind } from '../worker/protocol';

function heading(i18n: I18n, kind: ErrorKind, error: string): string {
  // A knob's error names the knob first: say which control it is about in the page's language.
  const knob = /^Knob ([\w.-]+):/.exec(error)?.[1];
  if (knob && kind === 'invalid') return i18n._({ id: 'error.knob', message: 'Knob {knob}:', values: { knob } });
  switch (kind) {
    case 'invalid':
      return i18n._({ id: 'error.invalid', message: 'Invalid setting:' });
    case 'engine':
      return i18n._({ id: 'error.engine', message: 'Engine failure:' });
    case 'budget':
      return i18n._({ id: 'error.budget', message: 'Too large for the page:' });
    case 'download':
      return i18n._({ id: 'error.download', message: 'Could not download the engine:' });
  }
}

/** Shows the engine's one-line message; the last good run stays on screen. */
export function ErrorBanner() {
  const { i18n } = useLingui();
  const error = useLab((s) => s.error);
  const kind = useLab((s) => s.errorKind) ?? 'invalid';
  if (error === null) return null;
  return (
    <div className="error-banner" role="alert" data-testid="error" data-kind={kind}>
      <span className="error-text">
        <strong>{heading(i18n, kind, error)}</strong>{' '}
        <code data-testid="error-message" lang="en">
          {error}
        </code>
      </span>
      {kind === 'download' && (
        <button type="button" data-testid="error-retry" onClick={() => lab.play()}>
          {i18n._({ id: 'error.download.retry', message: 'Try again' })}
        </button>
      )}
      <button type="button" onClick={() => lab.dismissError()} aria-label={i18n._({ id: 'error.dismiss.label', message: 'Dismiss error' })}>
        {i18n._({ id: 'banner.dismiss', message: 'Dismiss' })}
      </button>
    </div>
  );
}

/** An informational message (a shared link from another engine version, a link that failed). */
export function NoticeBanner() {
  const { i18n } = useLingui();
  const notice = useLab((s) => s.notice);
  if (notice === null) return null;
  return (
    <div className="notice-banner" role="status" data-testid="notice">
      <span>{notice}</span>
      <button type="button" onClick={() => lab.dismissNotice()} aria-label={i18n._({ id: 'notice.dismiss.label', message: 'Dismiss notice' })}>
        {i18n._({ id: 'banner.dismiss', message: 'Dismiss' })}
      </button>
    </div>
  );
}
