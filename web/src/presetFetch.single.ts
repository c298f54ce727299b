// presetFetch.ts for the single-file build (vite-plugins/single-file.ts swaps it in): every
// preset's text is part of the page, answered as the file the normal build would fetch.
const FILES = import.meta.glob<string>('../../public/scenarios/*.json', { query: '?raw', import: 'default', eager: true });

const byName = new Map(Object.entries(FILES).map(([path, text]) => [path.slice(path.lastIndexOf('/') + 1), text]));

export function fetchPreset(url: string): Promise<Response> {
  const name = decodeURIComponent(url.slice(url.lastIndexOf('/') + 1));
  const text = byName.get(name);
  return Promise.resolve(text === undefined ? new Response('not in this build', { status: 404 }) : new Response(text, { headers: { 'content-type': 'application/json' } }));
}
