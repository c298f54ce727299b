// The URL flags of issue 31 part 3 that change how the page opens: `?embed=1` (the compact lab
// for an iframe, embed/EmbedApp.tsx) and `?autoplay=0` (load the run but wait for Play: several
// embeds on one course page need not all run at once). docs/url-flags.md lists every flag.
import { readParam } from '../lib/addressBar';

export const EMBED_PARAM = 'embed';
export const AUTOPLAY_PARAM = 'autoplay';

/** `1`, `on`, `true` turn a flag on, `0`, `off`, `false` off; anything else is `fallback`. */
export function parseFlag(text: string | null | undefined, fallback: boolean): boolean {
  if (text === '1' || text === 'on' || text === 'true') return true;
  if (text === '0' || text === 'off' || text === 'false') return false;
  return fallback;
}

/** Whether the page was opened as an embed (`?embed=1`). Read once: embedding does not change. */
export const EMBEDDED: boolean = parseFlag(readParam(EMBED_PARAM), false);

/** Whether the first run starts playing by itself (`?autoplay=0` waits for Play). */
export function autoplay(): boolean {
  return parseFlag(readParam(AUTOPLAY_PARAM), true);
}
