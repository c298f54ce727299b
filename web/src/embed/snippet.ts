// The embed code for a run: an <iframe> of the page in embed mode at the shared link of the run
// (`#s=…`: scenario, seed and speed exactly), 960 × 540, the size slides and most course pages
// give a figure. Pure; unit-tested (snippet.test.ts); the e2e (e2e/embed.spec.ts) loads the src
// it gives and checks the same run comes back.
import { type Place, addressAfter } from '../lib/addressBar';
import { NO_PRESET } from '../lib/shareLink';
import { EMBED_PARAM } from './flags';
import { embedMessages } from './messages';

export const EMBED_WIDTH = 960;
export const EMBED_HEIGHT = 540;

/**
 * The embed's address: this page at `place` with the run's link in the fragment, `embed=1`,
 * and none of the parameters that name another view or a preset (the link names the scenario).
 * The page's own flags (language, projector mode, dragged layout) are kept.
 */
export function embedAddress(origin: string, place: Place, hash: string): string {
  return `${origin}${addressAfter(place, { params: { ...NO_PRESET, view: null, compare: null, seed: null, [EMBED_PARAM]: '1' }, hash })}`;
}

/** The full lab's address for an embed at `place`: the same run, without `embed`. */
export function fullLabAddress(origin: string, place: Place): string {
  return `${origin}${addressAfter(place, { params: { [EMBED_PARAM]: null } })}`;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The scenario's own title for the frame's name: the lab's picker marks a scenario opened from a
 * link or the editor ("… (shared link)", worker/sim.worker.ts), which means nothing on a course page.
 */
export function scenarioTitle(pickerTitle: string): string {
  return pickerTitle.replace(/ \((shared link|edited)\)$/, '');
}

/** The <iframe> snippet for `src`, titled after the scenario (a screen reader names the frame). */
export function embedSnippet(src: string, title: string): string {
  return (
    `<iframe src="${escapeAttr(src)}" width="${EMBED_WIDTH}" height="${EMBED_HEIGHT}" ` +
    `title="${escapeAttr(embedMessages.iframeTitle(scenarioTitle(title)))}" style="border:0;max-width:100%" loading="lazy"></iframe>`
  );
}

/** The src of a snippet `embedSnippet` wrote (what a course page's browser loads), or null. */
export function snippetSrc(snippet: string): string | null {
  const src = /<iframe\s[^>]*\bsrc="([^"]*)"/.exec(snippet)?.[1];
  return src !== undefined ? src.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&') : null;
}
