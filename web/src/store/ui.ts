// Page-level UI state that is not part of a run: which view is open and the colour theme.
// Kept apart from the lab store so the lab's reducer stays about the simulation.
import { useSyncExternalStore } from 'react';
import { createStore } from './store';
import { queryWith, writeAddress } from '../lib/addressBar';

export type View = 'lab' | 'gallery' | 'editor' | 'compare';
export const VIEWS: readonly View[] = ['lab', 'gallery', 'editor', 'compare'];

/** 'system' follows prefers-color-scheme; the other two are the user's explicit choice. */
export type ThemeChoice = 'system' | 'light' | 'dark';

export interface UiState {
  view: View;
  theme: ThemeChoice;
  /** Projector mode: larger type and lines, higher contrast (`?projector=1`). */
  projector: boolean;
}

export type UiAction = { type: 'view'; view: View } | { type: 'theme'; theme: ThemeChoice } | { type: 'projector'; on: boolean };

export const THEME_KEY = 'netlab.theme';

export function uiReducer(s: UiState, a: UiAction): UiState {
  switch (a.type) {
    case 'view':
      return VIEWS.includes(a.view) && a.view !== s.view ? { ...s, view: a.view } : s;
    case 'theme':
      return a.theme !== s.theme ? { ...s, theme: a.theme } : s;
    case 'projector':
      return a.on !== s.projector ? { ...s, projector: a.on } : s;
  }
}

/** The URL parameter that keeps projector mode across reloads and shared links. */
export const PROJECTOR_PARAM = 'projector';

/** `?projector=1` (or `on`, `true`) turns projector mode on; anything else leaves it off. */
export function parseProjector(text: string | null | undefined): boolean {
  return text === '1' || text === 'on' || text === 'true';
}

/** The query string with projector mode set or cleared, other parameters kept in order. */
export function queryWithProjector(search: string, on: boolean): string {
  return queryWith(search, { [PROJECTOR_PARAM]: on ? '1' : null });
}

/** A stored theme choice, or 'system' for anything unrecognised. */
export function parseTheme(text: string | null | undefined): ThemeChoice {
  return text === 'light' || text === 'dark' ? text : 'system';
}

/** The theme the page shows: the explicit choice, else what the system prefers. */
export function effectiveTheme(choice: ThemeChoice, systemDark: boolean): 'light' | 'dark' {
  return choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;
}

/** The toggle cycles through the two explicit themes, starting from what is shown. */
export function nextTheme(choice: ThemeChoice, systemDark: boolean): ThemeChoice {
  return effectiveTheme(choice, systemDark) === 'dark' ? 'light' : 'dark';
}

/** The view named by `?view=`, else the lab. */
export function parseView(text: string | null | undefined): View {
  return VIEWS.includes(text as View) ? (text as View) : 'lab';
}

function storedTheme(): ThemeChoice {
  try {
    return parseTheme(globalThis.localStorage?.getItem(THEME_KEY));
  } catch {
    return 'system';
  }
}

function initialView(): View {
  try {
    return parseView(new URLSearchParams(globalThis.location?.search ?? '').get('view'));
  } catch {
    return 'lab';
  }
}

function initialProjector(): boolean {
  try {
    return parseProjector(new URLSearchParams(globalThis.location?.search ?? '').get(PROJECTOR_PARAM));
  } catch {
    return false;
  }
}

export const uiStore = createStore<UiState, UiAction>(uiReducer, { view: initialView(), theme: storedTheme(), projector: initialProjector() });

export function useUi<T>(select: (s: UiState) => T): T {
  return useSyncExternalStore(uiStore.subscribe, () => select(uiStore.getState()));
}

/**
 * The query string naming `view` (`?view=editor`; the lab, the default, is named by no
 * parameter), other parameters kept in order.
 */
export function queryWithView(search: string, view: View): string {
  return queryWith(search, { view: view === 'lab' ? null : view });
}

/**
 * Shows `view` and names it in the address bar, so a reload or a copied address opens what is
 * on screen: `?view=editor` no longer outlives the editor once its scenario runs in the lab.
 */
export function setView(view: View): void {
  uiStore.dispatch({ type: 'view', view });
  if (VIEWS.includes(view)) writeAddress({ params: { view: view === 'lab' ? null : view } });
}

/**
 * Shows the lab for a run just opened elsewhere (gallery, editor), from the top: the run starts
 * playing at once, so its controls and network picture must be on screen, not whatever part of
 * the lab the other view's scroll position lands on (its Jain chart, its export box).
 */
export function openLab(): void {
  setView('lab');
  globalThis.scrollTo?.(0, 0);
}

export function setTheme(theme: ThemeChoice): void {
  uiStore.dispatch({ type: 'theme', theme });
  try {
    if (theme === 'system') globalThis.localStorage?.removeItem(THEME_KEY);
    else globalThis.localStorage?.setItem(THEME_KEY, theme);
  } catch {
    /* storage disabled: the choice lasts for this page only */
  }
}

/**
 * Projector mode on or off, kept in the URL's query (a reload and a shared link, which keeps
 * the query, open in the same mode); the fragment (a shared scenario) is left as it is.
 */
export function setProjector(on: boolean): void {
  uiStore.dispatch({ type: 'projector', on });
  writeAddress({ params: { [PROJECTOR_PARAM]: on ? '1' : null } });
}
