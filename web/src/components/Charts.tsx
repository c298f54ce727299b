// The two live charts: cwnd per flow and the bottleneck queue.
import { useMemo } from 'react';
import { colorFor } from '../lib/palette';
import { seriesStore } from '../sim/seriesStore';
import { labStore, useLab } from '../store/store';
import type { TimeWindow } from '../types';
import type { Guide } from '../charts/lineCanvas';
import { type ChartSeries, LineChart } from './LineChart';

/** Both charts show one time window: zooming either zooms both. */
const setWindow = (window: TimeWindow) => labStore.dispatch({ type: 'zoomTime', window });

function useOwnerColors(): (owner: string) => string {
  const version = useLab((s) => s.seriesVersion);
  return useMemo(() => {
    const owners = [...new Set(seriesStore.select('flow', 'cwnd').map((s) => s.meta.owner))];
    // Owners only change when the series list does, which bumps the version.
    return (owner: string) => colorFor(Math.max(0, owners.indexOf(owner)));
  }, [version]);
}

export function CwndChart() {
  const version = useLab((s) => s.seriesVersion);
  const duration = useLab((s) => s.duration);
  const timeWindow = useLab((s) => s.timeWindow);
  const color = useOwnerColors();
  const series: ChartSeries[] = useMemo(
    () =>
      seriesStore.select('flow', 'cwnd').map((s) => ({
        key: s.meta.key,
        label: s.meta.owner,
        color: color(s.meta.owner),
        buf: s.buf,
      })),
    [version, color],
  );
  return (
    <LineChart
      testId="chart-cwnd"
      title="Congestion window per flow"
      xLabel="simulated time (s)"
      yLabel="cwnd (packets)"
      xMax={duration}
      timeWindow={timeWindow}
      onWindow={setWindow}
      series={series}
      version={version}
      emptyText="No flows yet"
    />
  );
}

export function QueueChart() {
  const version = useLab((s) => s.seriesVersion);
  const duration = useLab((s) => s.duration);
  const timeWindow = useLab((s) => s.timeWindow);
  const topology = useLab((s) => s.topology);
  const series: ChartSeries[] = useMemo(() => {
    const queues = seriesStore.select('link', 'queue');
    // One queue: vermillion, distinct from the first flows' colours; several: the palette.
    return queues.map((s, i) => ({
      key: s.meta.key,
      label: s.meta.owner,
      color: colorFor(queues.length > 1 ? i : 3),
      buf: s.buf,
      factor: 1e-3,
    }));
  }, [version]);
  const guides: Guide[] = useMemo(() => {
    const out: Guide[] = [];
    for (const s of series) {
      const cap = topology?.links.find((l) => l.id === s.label)?.buffer_bytes;
      if (typeof cap === 'number' && cap > 0) out.push({ value: cap / 1e3, color: s.color });
    }
    return out;
  }, [series, topology]);
  return (
    <LineChart
      testId="chart-queue"
      title="Bottleneck queue"
      xLabel="simulated time (s)"
      yLabel="queue (kB)"
      xMax={duration}
      timeWindow={timeWindow}
      onWindow={setWindow}
      series={series}
      guides={guides}
      guideLabel="buffer size"
      version={version}
      emptyText="No finite-buffer link in this scenario"
    />
  );
}
