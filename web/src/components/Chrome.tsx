// Page chrome: the view tabs, the light/dark theme toggle and the projector-mode toggle.
import { useEffect, useSyncExternalStore } from 'react';
import { type View, VIEWS, effectiveTheme, nextTheme, setProjector, setTheme, setView, useUi } from '../store/ui';

const LABELS: Record<View, string> = { lab: 'Lab', gallery: 'Presets', editor: 'Editor', compare: 'A/B compare' };

export function ViewTabs() {
  const view = useUi((s) => s.view);
  return (
    <nav className="view-tabs" role="tablist" aria-label="Views" data-testid="view-tabs" data-view={view}>
      {VIEWS.map((v) => (
        <button
          key={v}
          type="button"
          role="tab"
          aria-selected={view === v}
          className={view === v ? 'tab active' : 'tab'}
          data-testid={`tab-${v}`}
          onClick={() => setView(v)}
        >
          {LABELS[v]}
        </button>
      ))}
    </nav>
  );
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeSystem(fn: () => void): () => void {
  const mq = globalThis.matchMedia?.(DARK_QUERY);
  mq?.addEventListener('change', fn);
  return () => mq?.removeEventListener('change', fn);
}

function useSystemDark(): boolean {
  return useSyncExternalStore(subscribeSystem, () => globalThis.matchMedia?.(DARK_QUERY).matches ?? false);
}

/** Puts the effective theme on <html data-theme> (styles.css keys its colours on it). */
export function ThemeToggle() {
  const choice = useUi((s) => s.theme);
  const systemDark = useSystemDark();
  const shown = effectiveTheme(choice, systemDark);
  useEffect(() => {
    document.documentElement.dataset.theme = shown;
    document.documentElement.dataset.themeChoice = choice;
  }, [shown, choice]);
  const next = nextTheme(choice, systemDark);
  return (
    <button
      type="button"
      className="theme-toggle"
      data-testid="theme-toggle"
      data-theme={shown}
      data-theme-choice={choice}
      aria-label={`Switch to the ${next} theme`}
      title={choice === 'system' ? `Following the system (${shown}); click for ${next}` : `Click for the ${next} theme`}
      onClick={() => setTheme(next)}
    >
      {shown === 'dark' ? '☾ dark' : '☀ light'}
    </button>
  );
}

/**
 * Projector mode for a class: larger type, axis ticks of at least 14 px, thicker chart lines
 * and higher contrast, keyed on <html data-projector="on"> in styles.css (and read by the line
 * charts for their line width). The state lives in the URL (`?projector=1`).
 */
export function ProjectorToggle() {
  const on = useUi((s) => s.projector);
  useEffect(() => {
    if (on) document.documentElement.dataset.projector = 'on';
    else delete document.documentElement.dataset.projector;
  }, [on]);
  return (
    <button
      type="button"
      className="projector-toggle"
      data-testid="projector-toggle"
      data-projector={on ? 'on' : 'off'}
      aria-pressed={on}
      title={on ? 'Projector mode is on: larger type and lines, high contrast. Click to turn it off.' : 'Projector mode: larger type and lines, high contrast, for a class'}
      onClick={() => setProjector(!on)}
    >
      Projector
    </button>
  );
}
