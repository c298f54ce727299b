// Page chrome: the view tabs and the light/dark theme toggle.
import { useEffect, useSyncExternalStore } from 'react';
import { type View, VIEWS, effectiveTheme, nextTheme, setTheme, setView, useUi } from '../store/ui';

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
