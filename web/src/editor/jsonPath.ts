// Field paths as the engine's validator writes them ("flows[1].cc",
// "topology.bottleneck.buffer.bdp") and immutable get/set on plain JSON by such a path.
// Pure; unit-tested. The scenario editor uses these to bind form fields to the scenario JSON
// and to put the validator's message next to the field it names.

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type Segment = string | number;

const PATH_RE = /^[A-Za-z_][\w-]*(?:\[\d+\]|\.[A-Za-z_][\w-]*|\.\d+)*$/;

/** "flows[1].cc" → ["flows", 1, "cc"]; "topology.senders.1.rtt_ms" → [..., 1, ...]. */
export function parsePath(path: string): Segment[] {
  const out: Segment[] = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (m[2] !== undefined) out.push(Number(m[2]));
    else if (/^\d+$/.test(m[1]!)) out.push(Number(m[1]));
    else out.push(m[1]!);
  }
  return out;
}

/** The canonical spelling of a path (array indices in brackets), as the validator writes it. */
export function formatPath(segs: readonly Segment[]): string {
  let s = '';
  for (const seg of segs) s += typeof seg === 'number' ? `[${seg}]` : s === '' ? seg : `.${seg}`;
  return s;
}

export function getAt(root: Json | undefined, path: string | readonly Segment[]): Json | undefined {
  const segs = typeof path === 'string' ? parsePath(path) : path;
  let cur: Json | undefined = root;
  for (const seg of segs) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = Array.isArray(cur) ? (typeof seg === 'number' ? cur[seg] : undefined) : (cur as Record<string, Json>)[String(seg)];
  }
  return cur;
}

/**
 * A copy of `root` with the value at `path` replaced; `undefined` removes the key (or array
 * element). Missing objects on the way are created; the input is never mutated.
 */
export function setAt(root: Json | undefined, path: string | readonly Segment[], value: Json | undefined): Json {
  const segs = typeof path === 'string' ? parsePath(path) : path;
  if (segs.length === 0) return value === undefined ? null : value;
  const [head, ...rest] = segs as [Segment, ...Segment[]];
  if (typeof head === 'number') {
    const arr = Array.isArray(root) ? root.slice() : [];
    if (rest.length === 0 && value === undefined) {
      arr.splice(head, 1);
      return arr;
    }
    arr[head] = setAt(arr[head], rest, value);
    return arr;
  }
  const obj: Record<string, Json> = root !== null && typeof root === 'object' && !Array.isArray(root) ? { ...root } : {};
  if (rest.length === 0) {
    if (value === undefined) delete obj[head];
    else obj[head] = value;
    return obj;
  }
  obj[head] = setAt(obj[head], rest, value);
  return obj;
}

/**
 * The field path at the start of a validator message ("flows[1].cc: unknown …"), normalised
 * to brackets for indices; null when the message names no field (e.g. malformed JSON).
 */
export function errorPath(message: string | null | undefined): string | null {
  if (!message) return null;
  const i = message.indexOf(': ');
  if (i <= 0) return null;
  const head = message.slice(0, i);
  if (!PATH_RE.test(head)) return null;
  return formatPath(parsePath(head));
}

/** Does an error at `errPath` belong to the form field at `fieldPath` (the field or inside it)? */
export function errorBelongsTo(errPath: string | null, fieldPath: string): boolean {
  if (errPath === null) return false;
  if (errPath === fieldPath) return true;
  return errPath.startsWith(`${fieldPath}.`) || errPath.startsWith(`${fieldPath}[`);
}

/**
 * `root` with each object at `paths` (innermost first) removed when it is empty, so clearing
 * the last input of an optional block ("cc_params", "mptcp") removes the block rather than
 * leaving `{}` behind.
 */
export function pruneEmpty(root: Json, paths: readonly string[]): Json {
  let out = root;
  for (const p of paths) {
    const v = getAt(out, p);
    if (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0) out = setAt(out, p, undefined);
  }
  return out;
}

/**
 * Does an error at `errPath` belong to the "other fields" box of the object at `path`, which
 * leaves out the keys in `omit` (the form has inputs for them)?
 */
export function errorInExtra(errPath: string | null, path: string, omit: readonly string[]): boolean {
  if (errPath === null) return false;
  if (errPath === path) return true;
  if (!errPath.startsWith(`${path}.`)) return false;
  const key = parsePath(errPath.slice(path.length + 1))[0];
  return typeof key === 'string' && !omit.includes(key);
}
