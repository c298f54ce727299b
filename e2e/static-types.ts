// The content types the test servers give dist/'s files (subpath.spec.ts, offline.spec.ts).
export const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.xz': 'application/x-xz',
  '.svg': 'image/svg+xml',
};
