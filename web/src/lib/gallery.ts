// The gallery in the order a class learns in: first a row of beginner scenarios (one flow,
// two flows, bufferbloat), then networks and queue disciplines, then the four paper families (BBR and its variants, MPTCP flow scheduling,
// MPTCP packet scheduling, QUIC stream priorities), then anything else. A preset file not
// named here still appears, in the last group, so a new file needs no code change to show.
// Also: a card's description cut to a short teaser, the rest folded. Pure; unit-tested.

export interface GalleryGroup {
  id: string;
  title: string;
  /** One line under the title: what the row teaches. */
  blurb: string;
  presets: string[];
}

interface GroupSpec {
  id: string;
  title: string;
  blurb: string;
  names: readonly string[];
}

/** Group id, title, blurb and preset order (the order within a family is the paper's). */
export const LEARNING_ORDER: readonly GroupSpec[] = [
  {
    id: 'start',
    title: 'Start here',
    blurb: 'One flow, then two flows sharing a bottleneck: slow start, the window saw-tooth, the queue, fairness; then a deep buffer and its cure, and the classic bufferbloat assignment.',
    names: ['tcp-single', 'tcp-dumbbell', 'bufferbloat', 'bufferbloat-lab'],
  },
  {
    id: 'networks',
    title: 'Networks and queues',
    blurb: 'Beyond one bottleneck: a parking lot, multipath through a shared bottleneck, BBR against CUBIC as the buffer grows.',
    names: ['parking-lot', 'mptcp-shared-bottleneck', 'bbr-vs-cubic'],
  },
  {
    id: 'bbr',
    title: 'BBR and its variants (BBR-A paper)',
    blurb: 'Model-based congestion control: who wins between RTTs, utilisation under random loss, retransmissions with many flows.',
    names: ['bbr-fairness', 'bbr-rtt-ratio', 'bbr-loss-utilization', 'bbr-retransmissions'],
  },
  {
    id: 'fsfs',
    title: 'MPTCP flow scheduling (MPTCP-FSFS paper)',
    blurb: 'Which paths a multipath flow should use, by its size: short flows on the shortest paths.',
    names: ['mptcp-short-flows', 'mptcp-fsfs-load', 'mptcp-fsfs-paths'],
  },
  {
    id: 'ecf3',
    title: 'MPTCP packet scheduling (ECF-3 paper)',
    blurb: 'Which subflow the next packet goes on when the paths are very different, or alike.',
    names: ['ecf3-heterogeneous', 'ecf3-uniform'],
  },
  {
    id: 'quic',
    title: 'QUIC stream priorities (QUIC-priority paper)',
    blurb: 'Which stream gets the next packet: control messages and long messages behind bulk data.',
    names: ['quic-priority-control', 'quic-priority-long-messages'],
  },
];

const OTHER = { id: 'other', title: 'More', blurb: 'Other scenarios (the engine benchmark, presets added later).' };

/** `available` preset names grouped and ordered for learning; empty groups are left out. */
export function galleryGroups(available: readonly string[]): GalleryGroup[] {
  const have = new Set(available);
  const placed = new Set<string>();
  const groups: GalleryGroup[] = [];
  for (const g of LEARNING_ORDER) {
    const presets = g.names.filter((n) => have.has(n));
    presets.forEach((n) => placed.add(n));
    if (presets.length > 0) groups.push({ id: g.id, title: g.title, blurb: g.blurb, presets });
  }
  const rest = available.filter((n) => !placed.has(n));
  if (rest.length > 0) groups.push({ ...OTHER, presets: rest });
  return groups;
}

/**
 * A description as a short teaser (its first sentence, or what comes before "What to look
 * for:") and the rest, folded on the card. A sentence ends at '.', '!' or '?' followed by a
 * space and a capital letter, so "0.5 BDP" and "§3.2" stay inside their sentence.
 */
export function splitDescription(text: string): { short: string; rest: string } {
  const t = text.trim();
  const look = t.indexOf('What to look for');
  const m = /[.!?](?= [A-Z])/.exec(t);
  let cut = m ? m.index + 1 : t.length;
  if (look > 0 && look < cut) cut = look;
  return { short: t.slice(0, cut).trim(), rest: t.slice(cut).trim() };
}
