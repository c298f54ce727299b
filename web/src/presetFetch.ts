// How the page gets a preset file's text: fetched from the build's scenarios/ folder (presets.ts
// keeps each once fetched). The single-file build swaps this module for presetFetch.single.ts,
// which has every preset inlined (a page opened from file:// can fetch nothing).
export function fetchPreset(url: string): Promise<Response> {
  return fetch(url);
}
