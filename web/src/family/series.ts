// How the engine names the family views' series owners (see the README's MPTCP and QUIC
// sections): MPTCP subflows "f1@p2" (flow f1, path 2), QUIC streams "f1:control".

/** Path number of a subflow series owner "f1@p2" → 2; null for other owners. */
export function subflowPath(owner: string, flow: string): number | null {
  const prefix = `${flow}@p`;
  if (!owner.startsWith(prefix)) return null;
  const rest = owner.slice(prefix.length);
  const n = Number(rest);
  return /^\d+$/.test(rest) && n > 0 ? n : null;
}
