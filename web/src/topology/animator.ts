// The live layer of the topology view: queue bars filling and draining, packets moving along
// their links and drops flashing where they happen. Driven by requestAnimationFrame and the lab
// store directly (not React), so 30 snapshots a second cost no re-render of the page; D3
// selections fill in the queue bars React's static layer left empty. Packets and drop flashes,
// the things that change every frame, are painted on two canvases over the SVG: hundreds of SVG
// circles moved 60 times a second cost far more style and paint work than one canvas, and SVG
// flash rings (even CSS-animated ones) made every frame restyle and repaint the whole picture,
// which was most of the page's frame time at max speed. The flash canvas is small work per
// frame (at most MAX_FLASHES rings) and the packet canvas is only repainted when packets move.
import { select, type Selection } from 'd3-selection';
import { colorFor } from '../lib/palette';
import { formatBytes } from '../lib/format';
import { labStore } from '../store/store';
import type { EngineEvent, Snapshot } from '../types';
import { QUEUE_BAR_W } from './labels';
import { type Layout, pointAt } from './layout';
import { type DrawnMark, SimClock, placeMarks } from './marks';

/** How long a drop flash lasts (wall-clock ms) and how many may show at once. */
const FLASH_MS = 600;
const MAX_FLASHES = 40;
/** Drop-flash colour (vermillion, as the full queue bar). */
const FLASH_COLOR = '#d55e00';

interface Flash {
  x: number;
  y: number;
  born: number;
  link: string;
}

export class TopologyAnimator {
  private readonly svg: Selection<SVGSVGElement, unknown, null, undefined>;
  private readonly ctx: CanvasRenderingContext2D | null;
  private readonly flashCtx: CanvasRenderingContext2D | null;
  /** Extrapolate at most about one snapshot interval (a late one must not empty the links). */
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
  private lastDrawn = -1;
  private runId = -1;

  constructor(
    svgEl: SVGSVGElement,
    canvas: HTMLCanvasElement,
    flashCanvas: HTMLCanvasElement,
    private readonly layout: Layout,
  ) {
    this.svg = select(svgEl);
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
    this.onState();
    this.raf = requestAnimationFrame(this.frame);
  }

  destroy(): void {
    cancelAnimationFrame(this.raf);
    this.unsubscribe();
    this.observer?.disconnect();
  }

  private onState(): void {
    const s = labStore.getState();
    if (s.runId !== this.runId) {
      this.runId = s.runId;
      this.peak.clear();
      this.flashList = [];
      this.flashed = 0;
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
      this.svg.attr('data-snapshot-t', '').attr('data-packets-sampled', 0).attr('data-packets-in-network', 0);
      return;
    }
    this.clock.observe(s.snapshot.t_s, now, s.run === 'running' && s.speed !== 'max');
    this.updateQueues(s.snapshot);
    this.addFlashes(s.snapshot.events ?? [], now);
    this.svg
      .attr('data-snapshot-t', s.snapshot.t_s)
      .attr('data-packets-sampled', s.snapshot.packets?.length ?? 0)
      .attr('data-packets-in-network', s.snapshot.packets_in_network ?? 0)
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
        .attr('width', fill * QUEUE_BAR_W)
        .classed('full', cap !== null && fill > 0.95);
      g.select('text.queue-text').text(
        l ? `queue ${formatBytes(q)}${cap !== null ? ` / ${formatBytes(cap)}` : ''} · ${l.queue_packets} pkts` : 'queue –',
      );
    });
  }

  private addFlashes(events: readonly EngineEvent[], now: number): void {
    const topo = labStore.getState().topology;
    if (!topo) return;
    for (const e of events) {
      if (e.type !== 'drop' || typeof e.link !== 'number') continue;
      const link = topo.links[e.link];
      const edge = link ? this.layout.edgeOf.get(link.id) : undefined;
      if (!link || !edge) continue;
      // Queue drops happen at the link's tail (where its queue is), wire losses on the wire.
      const p = e.wire === true ? 0.5 : 0.04;
      const pt = pointAt(edge, edge.id === link.id ? p : 1 - p);
      this.flashList.push({ x: pt.x, y: pt.y, born: now, link: link.id });
      this.flashed++;
    }
    if (this.flashList.length > MAX_FLASHES) this.flashList = this.flashList.slice(-MAX_FLASHES);
  }

  private frame = (now: number): void => {
    this.raf = requestAnimationFrame(this.frame);
    this.paintFlashes(now);
    const snap = this.snapshot;
    const ahead = this.clock.ahead(now);
    // Nothing moves: the same snapshot drawn at its own positions (after a pause the last frame
    // may have been extrapolated, so redraw once with ahead = 0).
    if (ahead === 0 && this.lastAhead === 0 && this.drawnFor === snap) return;
    this.drawnFor = snap;
    this.lastAhead = ahead;
    const marks: DrawnMark[] = snap?.packets ? placeMarks(snap.packets, this.layout, ahead) : [];
    // Off screen: counted (data-packets-drawn) but not painted; the observer asks for a repaint
    // when the picture comes back.
    if (this.onScreen) this.paint(marks);
    if (marks.length !== this.lastDrawn) {
      this.lastDrawn = marks.length;
      this.svg.attr('data-packets-drawn', marks.length);
    }
  };

  private drawnFor: Snapshot | null | undefined = undefined;
  private lastAhead = -1;

  /** Paints the drop flashes still alive: rings that grow from 4 to 14 px and fade. */
  private paintFlashes(now: number): void {
    this.flashList = this.flashList.filter((f) => now - f.born < FLASH_MS);
    const links = this.flashList.map((f) => f.link).join(' ');
    if (links !== this.flashLinks) {
      this.flashLinks = links;
      this.svg.attr('data-flash-links', links);
    }
    const ctx = this.flashCtx;
    if (!ctx || !this.onScreen || (this.flashList.length === 0 && !this.flashesShown)) return;
    ctx.clearRect(0, 0, this.layout.width, this.layout.height);
    this.flashesShown = this.flashList.length > 0;
    ctx.strokeStyle = FLASH_COLOR;
    ctx.lineWidth = 2.5;
    for (const f of this.flashList) {
      // A flash born from performance.now() can be a little younger than the frame's rAF time.
      const age = Math.max(0, now - f.born) / FLASH_MS;
      ctx.globalAlpha = Math.max(0, 1 - age);
      ctx.beginPath();
      ctx.arc(f.x, f.y, 4 + 10 * age, 0, 2 * Math.PI);
      ctx.stroke();
    }
    ctx.globalAlpha = 1;
  }

  /** Paints the packet marks, one path per flow colour. */
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
    for (const [flow, list] of byFlow) {
      ctx.fillStyle = colorFor(flow);
      ctx.beginPath();
      for (const m of list) {
        const r = m.data ? 3.2 : 2;
        ctx.moveTo(m.x + r, m.y);
        ctx.arc(m.x, m.y, r, 0, 2 * Math.PI);
      }
      ctx.fill();
    }
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
