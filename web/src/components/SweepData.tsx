// The sweep figure's text alternative (issue 31 §2): one sentence per line (its first and last
// point) and every point as a table — knob values down, one column per line, the mean over the
// seeds ± its 95 % confidence interval. A sweep has at most a few dozen points: no sampling.
import { useState } from 'react';
import { formatValue } from '../a11y/chartText';
import { chartDataToggle, sweepCell, sweepLineSentence } from '../a11y/messages';
import { sweepMsg } from '../sweep/messages';
import type { Line } from '../sweep/aggregate';
import { TextTable } from './ChartData';

export function SweepData({ lines, knobName, metricName }: { lines: readonly Line[]; knobName: string; metricName: string }) {
  const [open, setOpen] = useState(false);
  const xs = [...new Set(lines.flatMap((l) => l.points.map((p) => p.x)))].sort((a, b) => a - b);
  return (
    <div className="sweep-data">
      <button type="button" className="link-button" data-testid="sweep-data-toggle" aria-expanded={open} aria-controls="sweep-data" onClick={() => setOpen((o) => !o)}>
        {chartDataToggle()}
      </button>
      {open && (
        <div className="chart-data" id="sweep-data" data-testid="sweep-data">
          <ul className="chart-summary" data-testid="chart-summary">
            {lines
              .filter((l) => l.points.length > 0)
              .map((l) => {
                const a = l.points[0]!;
                const b = l.points[l.points.length - 1]!;
                return <li key={l.algorithm}>{sweepLineSentence(l.algorithm, metricName, knobName, formatValue(a.x), formatValue(a.y), formatValue(b.x), formatValue(b.y))}</li>;
              })}
          </ul>
          <TextTable
            caption={sweepMsg.against(metricName, knobName)}
            head={[knobName, ...lines.map((l) => l.algorithm)]}
            rows={xs.map((x) => [
              formatValue(x),
              ...lines.map((l) => {
                const p = l.points.find((q) => q.x === x);
                return p ? sweepCell(formatValue(p.y), p.n > 1 ? formatValue(p.ci) : null) : '–';
              }),
            ])}
          />
        </div>
      )}
    </div>
  );
}
