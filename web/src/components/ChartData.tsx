// A chart's text alternative (issue 31 §2), folded under the plot: a screen-reader or keyboard
// user opens it to hear each line summarised in one sentence and to read the data as a table
// sampled evenly in time. Computed only while open (then it follows the run as the chart does);
// the toggle sits with the chart's export buttons, so a closed one takes no room.
import { type TextSeries, dataTable, formatValue, summarize } from '../a11y/chartText';
import { chartDataCaption, chartDataToggle, moreSeries, timeColumn } from '../a11y/messages';
import type { ChartSeries } from './LineChart';

/** Rows of the table, and the most series it lists (the legend's limit). */
const ROWS = 20;
const MAX_SERIES = 8;

/** The button beside the chart's export buttons that opens its text alternative. */
export function ChartDataToggle({ testId, open, onToggle }: { testId: string; open: boolean; onToggle: () => void }) {
  return (
    <button type="button" className="link-button" data-testid={`${testId}-data-toggle`} aria-expanded={open} aria-controls={`${testId}-data`} onClick={onToggle}>
      {chartDataToggle()}
    </button>
  );
}

/** The summaries and the table, shown under the plot while open. */
export function ChartData({ testId, title, unit, series, version }: { testId: string; title: string; unit: string; series: readonly ChartSeries[]; version: number }) {
  return (
    <div className="chart-data" id={`${testId}-data`} data-testid={`${testId}-data`}>
      <ChartDataBody title={title} unit={unit} series={series} version={version} />
    </div>
  );
}

function ChartDataBody({ title, unit, series }: { title: string; unit: string; series: readonly ChartSeries[]; version: number }) {
  const shown = series.slice(0, MAX_SERIES);
  const text: TextSeries[] = shown.map((s) => ({ key: s.key, label: s.label, points: s.buf.toArray(), factor: s.factor }));
  const table = dataTable(text, ROWS);
  const points = text.reduce((n, s) => n + s.points.length, 0);
  return (
    <div className="chart-data-body">
      <ul className="chart-summary" data-testid="chart-summary">
        {text.map((s) => (
          <li key={s.key}>{summarize(s, unit)}</li>
        ))}
        {series.length > shown.length && <li>{moreSeries(series.length - shown.length)}</li>}
      </ul>
      <TextTable
        caption={chartDataCaption(title, table.times.length, points)}
        head={[timeColumn(), ...shown.map((s) => s.label)]}
        rows={table.times.map((t, i) => [formatValue(t), ...table.columns.map((c) => (c[i] === null || c[i] === undefined ? '–' : formatValue(c[i]!)))])}
      />
    </div>
  );
}

/**
 * A text alternative's table: a caption, a header row, and rows whose first cell heads the row
 * (a time, a knob value). In a focusable region: a wide table scrolls sideways, and a keyboard
 * user must be able to scroll it.
 */
export function TextTable({ caption, head, rows }: { caption: string; head: readonly string[]; rows: readonly (readonly string[])[] }) {
  return (
    <div className="chart-table-wrap" tabIndex={0} role="region" aria-label={chartDataToggle()}>
      <table className="chart-table" data-testid="chart-table" data-rows={rows.length}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={i} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([first, ...cells], i) => (
            <tr key={i}>
              <th scope="row">{first}</th>
              {cells.map((c, j) => (
                <td key={j}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
