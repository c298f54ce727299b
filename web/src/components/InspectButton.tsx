// The button that opens a flow, link, subflow or stream in the inspector, for the tables and
// lists that name them. Apart from the inspector itself (Inspector.tsx), which loads once the
// first run is live (issue 31 part 5): the tables need only this.
import type { ReactNode } from 'react';
import { i18n } from '../i18n/i18n';
import { lab } from '../sim/controller';
import { type Selection, sameSelection } from '../store/state';
import { useLab } from '../store/store';

/** A name in a table or list that opens the thing in the inspector. */
export function InspectButton({ selection, children }: { selection: Selection; children: ReactNode }) {
  const current = useLab((s) => s.selection);
  const on = sameSelection(current, selection);
  return (
    <button
      type="button"
      className={`inspect-button${on ? ' selected' : ''}`}
      aria-pressed={on}
      data-inspect={`${selection.kind}:${selection.id}`}
      onClick={() => lab.select(on ? null : selection)}
      title={inspectTitle(selection)}
    >
      {children}
    </button>
  );
}

/** The button's hover text: "Inspect flow short-rtt". */
function inspectTitle(sel: Selection): string {
  const id = sel.id;
  switch (sel.kind) {
    case 'flow':
      return i18n._({ id: 'inspector.inspect-flow', message: 'Inspect flow {id}', values: { id } });
    case 'link':
      return i18n._({ id: 'inspector.inspect-link', message: 'Inspect link {id}', values: { id } });
    case 'subflow':
      return i18n._({ id: 'inspector.inspect-subflow', message: 'Inspect subflow {id}', values: { id } });
    case 'stream':
      return i18n._({ id: 'inspector.inspect-stream', message: 'Inspect stream {id}', values: { id } });
  }
}
