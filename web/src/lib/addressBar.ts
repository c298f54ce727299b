// The address bar: the one module that writes the page's URL (issue 28).
//
// What the URL holds, and who decides it:
//   ?view=gallery|editor|compare   the view on screen (store/ui.ts; the lab is named by none)
//   ?compare=knob:a,b[;knob2:c,d]  the comparison the compare view shows (views/Compare.tsx)
//   ?layout=id:x:y,…               dragged node positions (topology/positions.ts)
//   ?projector=1                   projector mode (store/ui.ts)
//   ?preset= &variant= &seed= &speed=   the run to open (sim/controller.ts reads them)
//   #s=v1.…                        a shared scenario (lib/shareLink.ts, sim/controller.ts)
// Every writer states only the parameters it owns (set to a value, or null to remove) and,
// when it means to, the fragment; everything else in the address is kept as it is, in order.
// That is the rule ten hand-written `history.replaceState` calls each had to get right (and
// two kept `history.state` while the others cleared it). Writes replace the history entry:
// the page's own state changes are not steps of the Back button.
//
// `queryWith` and `addressAfter` are pure (unit-tested in addressBar.test.ts); `readParam`,
// `readHash` and `writeAddress` touch the page's `location` and `history` and do nothing where
// there are none (vitest, the worker).

/** Parameters to set (a value) or remove (null); parameters not named are kept. */
export type ParamChanges = Readonly<Record<string, string | null>>;

/** A change to the address: some query parameters and, when given, the whole fragment. */
export interface AddressChange {
  params?: ParamChanges;
  /** The new fragment ('' removes it; '#s=…' a shared link); undefined keeps the current one. */
  hash?: string;
}

/** Where the page is: the parts of `location` an address is made of. */
export interface Place {
  pathname: string;
  search: string;
  hash: string;
}

/** The query string `search` after `params` ('?a=1&b=2', or '' when no parameter remains). */
export function queryWith(search: string, params: ParamChanges): string {
  const q = new URLSearchParams(search);
  for (const [name, value] of Object.entries(params)) {
    if (value === null) q.delete(name);
    else q.set(name, value);
  }
  const rest = q.toString();
  return rest ? `?${rest}` : '';
}

/** The address (path, query and fragment) of `place` after `change`. */
export function addressAfter(place: Place, change: AddressChange): string {
  const search = change.params ? queryWith(place.search, change.params) : place.search;
  return `${place.pathname}${search}${change.hash ?? place.hash}`;
}

/** The page's location, or null outside a page. */
function place(): Place | null {
  return globalThis.location ?? null;
}

/** A query parameter of the page's address, or null. */
export function readParam(name: string): string | null {
  return new URLSearchParams(place()?.search ?? '').get(name);
}

/** The page's fragment ('#s=…', or ''). */
export function readHash(): string {
  return place()?.hash ?? '';
}

/** The page's full address after `change` (what a shared link copies), or '' outside a page. */
export function absoluteAddress(change: AddressChange): string {
  const p = globalThis.location;
  return p ? `${p.origin}${addressAfter(p, change)}` : '';
}

/**
 * Applies `change` to the address bar, replacing the history entry (and keeping its state);
 * nothing happens when the address would not change. Replacing never fires `hashchange`.
 */
export function writeAddress(change: AddressChange): void {
  const p = place();
  const h = globalThis.history;
  if (!p || !h) return;
  const next = addressAfter(p, change);
  if (next !== `${p.pathname}${p.search}${p.hash}`) h.replaceState(h.state, '', next);
}
