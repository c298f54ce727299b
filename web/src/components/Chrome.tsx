// Page chrome: the view tabs, the light/dark theme toggle and the projector-mode toggle.
import { type KeyboardEvent, useEffect, useSyncExternalStore } from 'react';
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { RUN_CONTROLS_ID, skipToControls } from '../a11y/messages';
import { type ThemeChoice, type View, VIEWS, effectiveTheme, nextTheme, setProjector, setTheme, setView, uiStore, useUi } from '../store/ui';

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

/** The id of view `v`'s tab and of the panel it controls (App.tsx renders the panels). */
export const tabId = (v: View) => `tab-${v}`;
export const panelId = (v: View) => `panel-${v}`;

/**
 * The view tabs, as the WAI-ARIA tabs pattern has them: one tab stop (the selected tab), ←/→
 * move to the previous or next tab and open it (wrapping), Home and End the first and last.
 */
export function ViewTabs() {
  const { i18n } = useLingui();
  const view = useUi((s) => s.view);
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const i = VIEWS.indexOf(view);
    const to = tabKeyTarget(e.key, i, VIEWS.length);
    if (to === null) return;
    e.preventDefault();
    const next = VIEWS[to]!;
    setView(next);
    document.getElementById(tabId(next))?.focus();
  };
  return (
    <nav className="view-tabs" role="tablist" aria-label={i18n._({ id: 'chrome.views', message: 'Views' })} data-testid="view-tabs" data-view={view} onKeyDown={onKeyDown}>
      {VIEWS.map((v) => (
        <button
          key={v}
          id={tabId(v)}
          type="button"
          role="tab"
          aria-selected={view === v}
          aria-controls={panelId(v)}
          tabIndex={view === v ? 0 : -1}
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

/** The tab a key moves to from tab `i` of `n`, or null for other keys. */
export function tabKeyTarget(key: string, i: number, n: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (i + 1) % n;
    case 'ArrowLeft':
      return (i - 1 + n) % n;
    case 'Home':
      return 0;
    case 'End':
      return n - 1;
    default:
      return null;
  }
}

/**
 * "Skip to the run controls": the page's first tab stop, shown when focused. It opens the lab
 * if another view is shown and moves focus to the run controls (RunControls, id run-controls).
 */
export function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${RUN_CONTROLS_ID}`}
      data-testid="skip-link"
      onClick={(e) => {
        e.preventDefault();
        if (uiStore.getState().view !== 'lab') setView('lab');
        // After the lab is shown (its panel loses `hidden` on this render).
        requestAnimationFrame(() => document.getElementById(RUN_CONTROLS_ID)?.focus());
      }}
    >
      {skipToControls()}
    </a>
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
  const visible = shown === 'dark'
    ? i18n._({ id: 'chrome.theme.dark', message: '☾ dark' })
    : i18n._({ id: 'chrome.theme.light', message: '☀ light' });
  return (
    <button
      type="button"
      className="theme-toggle"
      data-testid="theme-toggle"
      data-theme={shown}
      data-theme-choice={choice}
      // The name begins with the words the button shows (WCAG 2.5.3 "label in name").
      aria-label={`${visible}; ${themeAction(i18n, next)}`}
      title={choice === 'system'
        ? i18n._({ id: 'chrome.theme.following', message: 'Following the system theme; click for another' })
        : themeAction(i18n, next)}
      onClick={() => setTheme(next)}
    >
      {visible}
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
