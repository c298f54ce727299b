// One chunk for the first load (issue 31 part 5, first load over a shared classroom link).
// Rolldown's automatic splitting puts every module that the page's entry and one of its lazy
// views (the inspector, the editor, the MPTCP panel…) both import into a common chunk of its
// own: with the lab's panels lazy, the first load became fourteen scripts, each with its own
// request and wait on a link a class shares. This plugin notes what the entry reaches through
// static imports (the first load needs all of it anyway) and groups it into one chunk, `lab`;
// the lazy views import from it, already loaded, and keep only their own code.
import type { Plugin } from 'vite';

export function firstLoadChunk(): Plugin {
  const first = new Set<string>();
  return {
    name: 'netlab:first-load-chunk',
    apply: 'build',
    config: () => ({
      build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'lab', test: (id: string) => first.has(id) }] } } } },
    }),
    buildEnd() {
      first.clear();
      const todo = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      while (todo.length > 0) {
        const id = todo.pop()!;
        if (first.has(id)) continue;
        first.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) todo.push(next);
      }
    },
  };
}
