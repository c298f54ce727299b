// Page chrome: the view tabs, the light/dark theme toggle and the projector-mode toggle.
import { useEffect, useSyncExternalStore } from 'react';
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { type ThemeChoice, type View, VIEWS, effectiveTheme, nextTheme, setProjector, setTheme, setView, useUi } from '../store/ui';

function viewLabel(i18n: I18n, v: View): string {
  switch (v) {
    case 'lab':
      return i18n._({ id: 'chrome.tab.lab', message: 'Lab' });
    case 'gallery':
      return i18n._({ id: 'chrome.tab.gallery', message: 'Presets' });
    case 'editor':
      return i18n._({ id: 'chrome.tab.editor', message: 'Editor' });
    case 'compare':
      return i18n._({ id: 'chrome.tab.compare', message: 'A/B compare' });
  }
}

export function ViewTabs() {
  const { i18n } = useLingui();
  const view = useUi((s) => s.view);
  return (
    <nav className="view-tabs" role="tablist" aria-label={i18n._({ id: 'chrome.views', message: 'Views' })} data-testid="view-tabs" data-view={view}>
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
          {viewLabel(i18n, v)}
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

function themeAction(i18n: I18n, next: ThemeChoice): string {
  if (next === 'dark') return i18n._({ id: 'chrome.theme.to-dark', message: 'Switch to the dark theme' });
  if (next === 'light') return i18n._({ id: 'chrome.theme.to-light', message: 'Switch to the light theme' });
  return i18n._({ id: 'chrome.theme.to-system', message: 'Follow the system theme' });
}

/** Puts the effective theme on <html data-theme> (styles.css keys its colours on it). */
export function ThemeToggle() {
  const { i18n } = useLingui();
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
      aria-label={themeAction(i18n, next)}
      title={choice === 'system'
        ? i18n._({ id: 'chrome.theme.following', message: 'Following the system theme; click for another' })
        : themeAction(i18n, next)}
      onClick={() => setTheme(next)}
    >
      {shown === 'dark'
        ? i18n._({ id: 'chrome.theme.dark', message: '☾ dark' })
        : i18n._({ id: 'chrome.theme.light', message: '☀ light' })}
    </button>
  );
}

/**
 * Projector mode for a class: larger type, axis ticks of at least 14 px, thicker chart lines
 * and higher contrast, keyed on <html data-projector="on"> in styles.css (and read by the line
 * charts for their line width). The state lives in the URL (`?projector=1`).
 */
export function ProjectorToggle() {
  const { i18n } = useLingui();
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
      title={on
        ? i18n._({ id: 'chrome.projector.on', message: 'Projector mode is on: larger type and lines, high contrast. Click to turn it off.' })
        : i18n._({ id: 'chrome.projector.off', message: 'Projector mode: larger type and lines, high contrast, for a class' })}
      onClick={() => setProjector(!on)}
    >
      {i18n._({ id: 'chrome.projector', message: 'Projector' })}
    </button>
  );
}
