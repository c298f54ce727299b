// The live layer of the network picture: every packet on every link (data, and ACKs in a
// lighter shade of their flow's colour; ECN-marked ones as magenta diamonds), each router
// buffer as a stack of packets that fills and drains at the head of its link, drops falling out
// of the buffer they were refused by, and the queue read-outs. Driven by requestAnimationFrame
// and the lab store directly (not React), so 30 snapshots a second cost no re-render of the
// page; D3 selections fill in the read-outs React's static layer left empty.
//
// Motion: each frame places the packets at a simulated time t — the snapshot's, plus what the
// clock projects since it arrived while the run plays (marks.ts SimClock) — from the packets'
// own times on their links (marks.ts placePacket), so they glide between snapshots instead of
// jumping; t never runs backwards while a run plays (a snapshot that lands a little behind the
// projection keeps the projection), so a slow-motion packet never steps back.
//
// Reduced motion (the system's prefers-reduced-motion, issue 31 §2): no packet moves — none is
// drawn on the links or in the stacks and no drop falls; the queue bars and read-outs, which
// change in place with each snapshot, and the charts go on as before.
//
// A followed packet (issue 32 §2, follow/journey.ts) is placed from the engine's journey of it,
// not from the sampled snapshot, and painted with a ring on the upper canvas: in slow motion it
// stays visible above any sample of the others.
//
// Packets, stacks and drops are painted on two canvases over the SVG: hundreds of SVG circles
// moved 60 times a second cost far more style and paint work than one canvas. The drop canvas
// is small work per frame (at most MAX_FLASHES falling packets) and the packet canvas is only
// repainted when something moves.
import { select, type Selection } from 'd3-selection';
import { formatBytes } from '../lib/format';
import { colorFor } from '../lib/palette';
import { labStore } from '../store/store';
import type { EngineEvent, Snapshot } from '../types';
import { QUEUE_BAR_MAX_W } from './labels';
import type { Layout } from './layout';
import { type DrawnMark, LANE, type LaneGeom, MARK_RADIUS, markColor, STACK_OFFSET, STACK_WIDTH, SimClock, laneOf, lanePoint, markAt, placeMarks, sampleNote, stackCounts } from './marks';
import { reducedMotionNote } from '../a11y/messages';
import { i18n } from '../i18n/i18n';
import type { Journey } from '../generated';
import { followedMark } from '../follow/journey';
import { placePacket } from './marks';

/** How long a falling drop shows (wall-clock ms), how far it falls (px), and how many may show at once. */
const FLASH_MS = 900;
const FALL_PX = 34;
const MAX_FLASHES = 40;
/** Outline of a dropped packet (vermillion, as a full queue bar). */
const FLASH_COLOR = '#d55e00';
/** An ECN Congestion Experienced mark: a colour no flow has (flows use Okabe–Ito). */
export const CE_COLOR = '#e7298a';
/** The most simulated time packets are moved on past a snapshot (see frame()). */
export const SIM_AHEAD_MAX_S = 0.001;
/** The ring around a followed packet: near-black, visible on every flow colour and on white. */
const FOLLOW_RING = '#111111';
/** Packets of other flows while a flow is hovered. */
const DIMMED = 0.18;

interface Flash {
  x: number;
  y: number;
  born: number;
  link: string;
  flow: number | null;
}

/** `color` mixed with white: `amount` 0 = itself, 1 = white (the ACKs' shade). */
export function lighter(color: string, amount = 0.5): string {
  const m = /^#([0-9a-f]{6})$/i.exec(color);
  if (!m) return color;
  const v = Number.parseInt(m[1]!, 16);
  const mix = (c: number) => Math.round(c + (255 - c) * amount);
  return `rgb(${mix((v >> 16) & 255)},${mix((v >> 8) & 255)},${mix(v & 255)})`;
}

export class TopologyAnimator {
  private readonly svg: Selection<SVGSVGElement, unknown, null, undefined>;
  /** "showing 400 of 2 131 packets" under the picture's title. */
  private readonly note: Selection<HTMLElement, unknown, null, undefined> | null;
  private readonly ctx: CanvasRenderingContext2D | null;
  private readonly flashCtx: CanvasRenderingContext2D | null;
  /** Extrapolate at most about one and a half snapshot intervals (a late one must not empty the links). */
  private readonly clock = new SimClock(50);
  private snapshot: Snapshot | null = null;
  private flashList: Flash[] = [];
  private flashed = 0;
  /** The flash canvas shows something (and must be cleared once the last flash is gone). */
  private flashesShown = false;
  private onScreen = true;
  private observer: IntersectionObserver | null = null;
  /** Link ids of the flashes last shown, for data-flash-links. */
  private flashLinks = '';
  /** Largest queue seen per link this run: the scale for links with unlimited buffers. */
  private peak = new Map<string, number>();
  private raf = 0;
  private unsubscribe: () => void;
  private runId = -1;
  /** The simulated time last drawn, and whether the run was playing then. */
  private shownT = -1;
  private drawnFor: Snapshot | null | undefined = undefined;
  private lastAhead = -1;
  private marks: DrawnMark[] = [];
  private stackText = '';
  private readout = '';
  private hovered: number | null = null;
  /** The followed packet's journey, and where it was last drawn (null: not on a link). */
  private journey: Journey | null = null;
  private followed: DrawnMark | null = null;
  private followedText = '';
  private readonly lanes = new Map<string, LaneGeom | null>();
  /** The system asks for reduced motion: packets are not drawn. */
  private readonly motion = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)') ?? null;
  private readonly onMotion = () => {
    this.drawnFor = undefined;
    this.flashList = [];
    this.flashesShown = true;
    this.svg.attr('data-motion', this.reduced ? 'reduced' : 'full');
    if (this.snapshot) this.note?.text(this.packetsNote(this.snapshot));
  };

  private get reduced(): boolean {
    return this.motion?.matches ?? false;
  }

  constructor(
    svgEl: SVGSVGElement,
    canvas: HTMLCanvasElement,
    flashCanvas: HTMLCanvasElement,
    private readonly layout: Layout,
  ) {
    this.svg = select(svgEl);
    const note = svgEl.closest('figure')?.querySelector<HTMLElement>('[data-testid="packets-note"]');
    this.note = note ? select(note) : null;
    this.ctx = fit(canvas, layout);
    this.flashCtx = fit(flashCanvas, layout);
    this.unsubscribe = labStore.subscribe(() => this.onState());
    // Scrolled away (e.g. to the charts) or in a hidden view, the canvases are not repainted;
    // the data-* read-outs still follow every snapshot.
    if (typeof IntersectionObserver !== 'undefined') {
      this.observer = new IntersectionObserver(([entry]) => {
        this.onScreen = entry?.isIntersecting ?? true;
        // Back on screen: repaint whatever is current.
        if (this.onScreen) {
          this.drawnFor = undefined;
          this.flashesShown = true;
        }
      });
      this.observer.observe(svgEl);
    }
    this.motion?.addEventListener('change', this.onMotion);
    this.svg.attr('data-motion', this.reduced ? 'reduced' : 'full');
    this.onState();
    this.raf = requestAnimationFrame(this.frame);
  }

  /** The note under the picture's title: how many packets are drawn, or why none are. */
  private packetsNote(snap: Snapshot): string {
    const note = sampleNote(snap.packets?.length ?? 0, snap.packets_in_network ?? 0);
    return this.reduced ? reducedMotionNote(note) : note;
  }

  destroy(): void {
    cancelAnimationFrame(this.raf);
    this.motion?.removeEventListener('change', this.onMotion);
    this.unsubscribe();
    this.observer?.disconnect();
  }

  /** The packet drawn nearest (x, y) in the picture's pixels, for hovering. */
  markAt(x: number, y: number): DrawnMark | null {
    return markAt(this.marks, x, y);
  }

  /** Packets of flow `index` drawn bright and the others dimmed (null: all bright). */
  highlight(index: number | null): void {
    if (index === this.hovered) return;
    this.hovered = index;
    this.drawnFor = undefined;
  }

  /** The followed packet's journey (null: none followed); it is drawn over every other packet. */
  follow(journey: Journey | null): void {
    if (journey === this.journey) return;
    this.journey = journey;
    this.drawnFor = undefined;
  }

  private readonly shades = new Map<number, string>();

  /** The ACKs' lighter shade of flow `flow`'s colour. */
  private shade(flow: number): string {
    let c = this.shades.get(flow);
    if (c === undefined) this.shades.set(flow, (c = lighter(colorFor(flow), 0.5)));
    return c;
  }

  private lane(id: string): LaneGeom | null {
    let g = this.lanes.get(id);
    if (g === undefined) this.lanes.set(id, (g = laneOf(this.layout, id)));
    return g;
  }

  private onState(): void {
    const s = labStore.getState();
    if (s.runId !== this.runId) {
      this.runId = s.runId;
      this.peak.clear();
      this.flashList = [];
      this.flashed = 0;
      this.shownT = -1;
    }
    if (s.snapshot === this.snapshot) {
      if (s.run !== 'running') this.clock.stop();
      return;
    }
    this.snapshot = s.snapshot;
    const now = performance.now();
    if (!s.snapshot) {
      this.clock.stop();
      this.flashList = [];
      this.peak.clear();
      this.updateQueues(null);
      this.svg.attr('data-snapshot-t', '').attr('data-packets-sampled', 0).attr('data-packets-in-network', 0).attr('data-packets-note', '');
      this.note?.text('');
      return;
    }
    this.clock.observe(s.snapshot.t_s, now, s.run === 'running' && s.speed !== 'max');
    this.updateQueues(s.snapshot);
    if (!this.reduced) this.addFlashes(s.snapshot.events ?? [], now);
    const sampled = s.snapshot.packets?.length ?? 0;
    const inNetwork = s.snapshot.packets_in_network ?? 0;
    this.note?.text(this.packetsNote(s.snapshot));
    this.svg
      .attr('data-snapshot-t', s.snapshot.t_s)
      .attr('data-packets-sampled', sampled)
      .attr('data-packets-in-network', inNetwork)
      .attr('data-packets-note', sampleNote(sampled, inNetwork))
      .attr('data-drops-flashed', this.flashed);
  }

  private updateQueues(snap: Snapshot | null): void {
    const byId = new Map((snap?.links ?? []).map((l) => [l.id, l]));
    const peak = this.peak;
    this.svg.selectAll<SVGGElement, unknown>('g.queue').each(function () {
      const g = select(this);
      const id = this.getAttribute('data-link-id') ?? '';
      const l = byId.get(id);
      const q = l?.queue_bytes ?? 0;
      peak.set(id, Math.max(peak.get(id) ?? 0, q));
      // A finite buffer is the bar's full width; an unlimited one scales to the peak so far.
      const cap = l?.buffer_bytes ?? null;
      const scale = cap !== null && cap > 0 ? cap : Math.max(peak.get(id) ?? 0, 1);
      const fill = Math.min(1, q / scale);
      g.attr('data-queue-bytes', q)
        .attr('data-queue-packets', l?.queue_packets ?? 0)
        .attr('data-buffer-bytes', cap ?? '')
        .attr('data-drops', l?.drops ?? 0)
        .attr('data-fill', fill.toFixed(4));
      g.select('rect.queue-fill')
        .attr('width', fill * Number(g.attr('data-bar-width') ?? QUEUE_BAR_MAX_W))
        .classed('full', cap !== null && fill > 0.95);
      const bytes = cap !== null ? `${formatBytes(q)} / ${formatBytes(cap)}` : formatBytes(q);
      const text = l
        ? i18n._({ id: 'topology.queue-label', message: 'queue {bytes} · {packets} pkts', values: { bytes, packets: l.queue_packets } })
        : i18n._({ id: 'topology.queue-none', message: 'queue –' });
      g.select('text.queue-text').text(text);
      // The tooltip has room for what the queue discipline does: the sojourn time of the
      // packet leaving now (what CoDel and PIE act on) and the ECN marks so far.
      g.attr('data-sojourn-ms', l?.sojourn_ms ?? '').attr('data-ecn-marks', l?.ecn_marks ?? 0);
      g.select('title.queue-title').text(
        l
          ? i18n._({
              id: 'topology.queue-title',
              message: '{id}: {text} · sojourn {sojourn} ms · {drops} drops · {marks} ECN marks',
              values: { id, text, sojourn: l.sojourn_ms.toFixed(1), drops: l.drops, marks: l.ecn_marks },
            })
          : `${id}: ${text}`,
      );
    });
    this.svg.selectAll<SVGGElement, unknown>('g.buffer').each(function () {
      const l = byId.get(this.getAttribute('data-link-id') ?? '');
      select(this)
        .attr('data-queue-packets', l?.queue_packets ?? '')
        .attr('data-full', l && l.buffer_bytes !== null && l.queue_bytes + 1500 > l.buffer_bytes ? 'true' : 'false');
    });
  }

  private addFlashes(events: readonly EngineEvent[], now: number): void {
    const topo = labStore.getState().topology;
    if (!topo) return;
    for (const e of events) {
      if (e.type !== 'drop' || typeof e.link !== 'number') continue;
      const link = topo.links[e.link];
      const g = link ? this.lane(link.id) : null;
      if (!link || !g) continue;
      // A queue drop falls out of the tail of the full buffer; a wire loss off the middle of the wire.
      const pt = e.wire === true ? lanePoint(g, (g.wire0 + 1) / 2, LANE) : lanePoint(g, g.tail, STACK_OFFSET);
      this.flashList.push({ x: pt.x, y: pt.y, born: now, link: link.id, flow: typeof e.flow === 'number' ? e.flow : null });
      this.flashed++;
    }
    if (this.flashList.length > MAX_FLASHES) this.flashList = this.flashList.slice(-MAX_FLASHES);
  }

  private frame = (now: number): void => {
    this.raf = requestAnimationFrame(this.frame);
    // The setting is read again each frame, not only on its change event: an animator built
    // while the setting flips can miss the event, and the picture would then say "reduced"
    // while drawing packets (or the reverse).
    if ((this.svg.attr('data-motion') === 'reduced') !== this.reduced) this.onMotion();
    this.paintFlashes(now);
    const snap = this.snapshot;
    // Reduced motion: one (empty) drawing per snapshot, nothing projected between them.
    if (this.reduced && this.drawnFor === snap) return;
    const ahead = this.clock.ahead(now);
    // Nothing moves: the same snapshot drawn at its own positions (after a pause the last frame
    // may have been extrapolated, so redraw once with ahead = 0).
    if (ahead === 0 && this.lastAhead === 0 && this.drawnFor === snap) return;
    // Off screen nothing is painted: the read-outs follow each snapshot, not each frame.
    if (!this.onScreen && this.drawnFor === snap) return;
    this.drawnFor = snap;
    this.lastAhead = ahead;
    // Projected at most SIM_AHEAD_MAX_S past the snapshot: the packets the engine will add
    // meanwhile are unknown, so a long projection empties the links and buffers (at 1× a
    // snapshot interval is a whole bottleneck queue's worth of sending) and refills them at
    // the next snapshot. In slow motion a snapshot interval is far shorter than that.
    let t = snap ? snap.t_s + Math.min(ahead, SIM_AHEAD_MAX_S) : 0;
    // Playing: never back in time (a snapshot a little behind the projection keeps it).
    // (Right after a snapshot arrives `ahead` is 0 while the last frame was projected past it.)
    const reach = Math.min(this.clock.maxAhead(), SIM_AHEAD_MAX_S);
    if (snap && reach > 0 && this.shownT > t && this.shownT - snap.t_s <= reach) t = this.shownT;
    this.shownT = t;
    this.marks = snap?.packets && !this.reduced ? placeMarks(snap.packets, this.layout, t, undefined, this.lanes) : [];
    this.placeFollowed(t);
    // Off screen: counted (data-packets-drawn) but not painted; the observer asks for a repaint
    // when the picture comes back.
    if (this.onScreen) this.paint(this.marks);
    // The read-outs tests and tools read, written only when they change (an attribute write
    // restyles the picture).
    const counts = stackCounts(this.marks);
    const lanes = [...new Set(this.marks.map((m) => m.link))].sort().join(' ');
    const acks = [...new Set(this.marks.filter((m) => !m.data).map((m) => m.link))].sort().join(' ');
    const ce = this.marks.filter((m) => m.ce).length;
    // The colours the data packets are drawn in (a QUIC connection's streams each have one).
    const colors = [...new Set(this.marks.filter((m) => m.data && !m.ce).map((m) => markColor(m, colorFor)))].sort().join(' ');
    // Where a data packet on a wire is drawn ("x y link seq"): what a test clicks to pick one.
    const onWire = this.marks.find((m) => m.data && m.state === 'wire');
    const pick = onWire ? `${onWire.x.toFixed(1)} ${onWire.y.toFixed(1)} ${onWire.link} ${onWire.seq}` : '';
    // Every ACK on a wire ("x y link number wire_s", ";"-separated): duplicates of one number
    // share a link at once, and a test picks one of them by when it left the transmitter.
    const wireAcks = this.marks
      .filter((m) => !m.data && m.state === 'wire' && m.seq > 0)
      .map((m) => `${m.x.toFixed(1)} ${m.y.toFixed(1)} ${m.link} ${m.seq} ${m.wire_s ?? ''}`)
      .join(';');
    const readout = `${this.marks.length}|${lanes}|${acks}|${ce}|${colors}|${pick}|${wireAcks}`;
    if (readout !== this.readout) {
      this.readout = readout;
      this.svg
        .attr('data-packets-drawn', this.marks.length)
        .attr('data-links-with-packets', lanes)
        .attr('data-links-with-acks', acks)
        .attr('data-ce-drawn', ce)
        .attr('data-packet-colors', colors)
        .attr('data-wire-data-at', pick)
        .attr('data-wire-acks', wireAcks);
    }
    const text = [...counts].map(([k, v]) => `${k}:${v}`).join(' ');
    if (text !== this.stackText) {
      this.stackText = text;
      this.svg.selectAll<SVGGElement, unknown>('g.buffer').each(function () {
        this.setAttribute('data-stack-packets', String(counts.get(this.getAttribute('data-link-id') ?? '') ?? 0));
      });
    }
  };

  /** Places the followed packet at `t` from its journey (reduced motion: not drawn, as the others). */
  private placeFollowed(t: number): void {
    const m = this.journey && !this.reduced ? followedMark(this.journey, t) : null;
    const g = m ? this.lane(m.link) : null;
    this.followed = m && g ? placePacket(m, g, t) : null;
    const f = this.followed;
    const text = f ? `${f.x.toFixed(1)} ${f.y.toFixed(1)} ${f.link} ${f.state} ${f.data ? 'data' : 'ack'}` : '';
    if (text !== this.followedText) {
      this.followedText = text;
      this.svg.attr('data-followed-at', text);
      // Repaint the upper canvas, where it is drawn.
      this.flashesShown = true;
    }
  }

  /** Paints the drops still falling: their packet, outlined, falling and fading; then the followed packet. */
  private paintFlashes(now: number): void {
    this.flashList = this.flashList.filter((f) => now - f.born < FLASH_MS);
    const links = this.flashList.map((f) => f.link).join(' ');
    if (links !== this.flashLinks) {
      this.flashLinks = links;
      this.svg.attr('data-flash-links', links);
    }
    const ctx = this.flashCtx;
    if (!ctx || !this.onScreen || (this.flashList.length === 0 && !this.flashesShown && this.followed === null)) return;
    ctx.clearRect(0, 0, this.layout.width, this.layout.height);
    this.flashesShown = this.flashList.length > 0;
    this.paintFollowed(ctx);
    ctx.strokeStyle = FLASH_COLOR;
    ctx.lineWidth = 1.5;
    for (const f of this.flashList) {
      // A flash born from performance.now() can be a little younger than the frame's rAF time.
      const age = Math.max(0, now - f.born) / FLASH_MS;
      const y = f.y + FALL_PX * age * age;
      const x = f.x + 6 * age;
      ctx.globalAlpha = Math.max(0, 1 - age * age);
      ctx.fillStyle = f.flow === null ? FLASH_COLOR : colorFor(f.flow);
      ctx.beginPath();
      ctx.rect(x - 3, y - 3, 6, 6);
      ctx.fill();
      ctx.stroke();
    }
    ctx.globalAlpha = 1;
  }

  /** The followed packet: its own mark, larger, in a dark ring. */
  private paintFollowed(ctx: CanvasRenderingContext2D): void {
    const f = this.followed;
    if (!f) return;
    ctx.globalAlpha = 1;
    ctx.fillStyle = f.data ? colorFor(f.flow) : this.shade(f.flow);
    ctx.beginPath();
    ctx.arc(f.x, f.y, MARK_RADIUS + 1.5, 0, 2 * Math.PI);
    ctx.fill();
    // Black on white: the ring shows on every flow colour and on both themes.
    for (const [color, width] of [['#ffffff', 4], [FOLLOW_RING, 2]] as const) {
      ctx.strokeStyle = color;
      ctx.lineWidth = width;
      ctx.beginPath();
      ctx.arc(f.x, f.y, MARK_RADIUS + 4.5, 0, 2 * Math.PI);
      ctx.stroke();
    }
  }

  /** Paints the packet marks: per flow, the queued and serialising ones, the data, the ACKs, then ECN marks. */
  private paint(marks: readonly DrawnMark[]): void {
    const ctx = this.ctx;
    if (!ctx) return;
    ctx.clearRect(0, 0, this.layout.width, this.layout.height);
    const byFlow = new Map<number, DrawnMark[]>();
    for (const m of marks) {
      let list = byFlow.get(m.flow);
      if (!list) byFlow.set(m.flow, (list = []));
      list.push(m);
    }
    // Queued: a bar across the stack per packet, one path per flow and kind (a few canvas
    // calls per frame, not one per packet).
    const half = STACK_WIDTH / 2 - 1;
    ctx.lineWidth = 1.6;
    for (const [flow, list] of byFlow) {
      ctx.globalAlpha = this.hovered === null || this.hovered === flow ? 1 : DIMMED;
      // Data in its stream's or flow's colour (one path per colour), ACKs in the flow's shade.
      const queued = list.filter((m) => m.state === 'queued' && !m.ce);
      for (const [stroke, group] of [...byColor(queued.filter((m) => m.data)), [this.shade(flow), queued.filter((m) => !m.data)] as const]) {
        ctx.strokeStyle = stroke;
        ctx.beginPath();
        for (const m of group) {
          ctx.moveTo(m.x - m.nx * half, m.y - m.ny * half);
          ctx.lineTo(m.x + m.nx * half, m.y + m.ny * half);
        }
        ctx.stroke();
      }
    }
    for (const [flow, list] of byFlow) {
      ctx.globalAlpha = this.hovered === null || this.hovered === flow ? 1 : DIMMED;
      const color = colorFor(flow);
      // Data on the wire (or serialising at its head): a QUIC stream's packets in its colour.
      for (const [fill, group] of byColor(list.filter((m) => m.state !== 'queued' && m.data && !m.ce))) {
        ctx.fillStyle = fill;
        ctx.beginPath();
        for (const m of group) {
          ctx.moveTo(m.x + MARK_RADIUS, m.y);
          ctx.arc(m.x, m.y, MARK_RADIUS, 0, 2 * Math.PI);
        }
        ctx.fill();
      }
      // ACKs: smaller, a lighter shade of the flow's colour, outlined so they show on white.
      ctx.fillStyle = this.shade(flow);
      ctx.strokeStyle = color;
      ctx.lineWidth = 0.75;
      ctx.beginPath();
      for (const m of list) {
        if (m.state === 'queued' || m.data || m.ce) continue;
        ctx.moveTo(m.x + 2.3, m.y);
        ctx.arc(m.x, m.y, 2.3, 0, 2 * Math.PI);
      }
      ctx.fill();
      ctx.stroke();
      // ECN Congestion Experienced: a diamond in the mark colour, wherever the packet is.
      ctx.fillStyle = CE_COLOR;
      ctx.beginPath();
      for (const m of list) {
        if (!m.ce) continue;
        const r = m.data ? 4 : 3;
        ctx.moveTo(m.x, m.y - r);
        ctx.lineTo(m.x + r, m.y);
        ctx.lineTo(m.x, m.y + r);
        ctx.lineTo(m.x - r, m.y);
        ctx.closePath();
      }
      ctx.fill();
    }
    ctx.globalAlpha = 1;
  }
}

/** Sizes a canvas to the layout (sharp on high-density screens); its 2D context, or null. */
function fit(canvas: HTMLCanvasElement, layout: Layout): CanvasRenderingContext2D | null {
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.round(layout.width * dpr);
  canvas.height = Math.round(layout.height * dpr);
  canvas.style.width = `${layout.width}px`;
  canvas.style.height = `${layout.height}px`;
  const ctx = canvas.getContext('2d');
  ctx?.setTransform(dpr, 0, 0, dpr, 0, 0);
  return ctx;
}

/** Data marks grouped by their colour (markColor): one canvas path per colour. */
function byColor(marks: readonly DrawnMark[]): Map<string, DrawnMark[]> {
  const out = new Map<string, DrawnMark[]>();
  for (const m of marks) {
    const c = markColor(m, colorFor);
    const list = out.get(c);
    if (list) list.push(m);
    else out.set(c, [m]);
  }
  return out;
}
