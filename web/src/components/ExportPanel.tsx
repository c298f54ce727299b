// Downloads of the current run: the summary (once the run has finished) and every time series
// (as far as the run has got) as CSV and JSON. The series are the points the page holds, the
// same the charts draw (min/max-decimated past 4096 points per series).
import { downloadText } from '../lib/download';
import { fileName, seriesCsv, seriesJson, summaryCsv, summaryJson } from '../lib/export';
import { seriesStore } from '../sim/seriesStore';
import { labStore, useLab } from '../store/store';
import { firstSummary } from '../store/run';
import { useLingui } from '@lingui/react';

function exportSeries(format: 'csv' | 'json'): void {
  const st = labStore.getState();
  const series = seriesStore.all().map((s) => ({ meta: s.meta, points: s.buf.toArray() }));
  const scenario = firstSummary(st)?.scenario ?? st.presetName;
  const name = fileName(scenario, st.seed, 'series', format);
  if (format === 'csv') downloadText(name, seriesCsv(series), 'text/csv');
  else downloadText(name, seriesJson(series, { scenario, seed: st.seed }), 'application/json');
}

function exportSummary(format: 'csv' | 'json'): void {
  const summary = firstSummary(labStore.getState());
  if (!summary) return;
  const name = fileName(summary.scenario, summary.seed, 'summary', format);
  if (format === 'csv') downloadText(name, summaryCsv(summary), 'text/csv');
  else downloadText(name, summaryJson(summary), 'application/json');
}

export function ExportPanel() {
  const { i18n } = useLingui();
  const hasSummary = useLab((s) => firstSummary(s) !== null);
  const hasSeries = useLab((s) => s.runId > 0 && s.seriesVersion > 0);
  return (
    <section className="panel export" data-testid="export" aria-label={i18n._({ id: 'export.title', message: 'Export' })}>
      <h2>{i18n._({ id: 'export.title', message: 'Export' })}</h2>
      <div className="export-buttons">
        <span className="muted">{i18n._({ id: 'export.summary', message: 'Summary' })}</span>
        <button type="button" data-testid="export-summary-csv" disabled={!hasSummary} onClick={() => exportSummary('csv')}>
          CSV
        </button>
        <button type="button" data-testid="export-summary-json" disabled={!hasSummary} onClick={() => exportSummary('json')}>
          JSON
        </button>
        <span className="muted">{i18n._({ id: 'export.series', message: 'Time series' })}</span>
        <button type="button" data-testid="export-series-csv" disabled={!hasSeries} onClick={() => exportSeries('csv')}>
          CSV
        </button>
        <button type="button" data-testid="export-series-json" disabled={!hasSeries} onClick={() => exportSeries('json')}>
          JSON
        </button>
        <span className="muted hint">{i18n._({ id: 'export.charts-hint', message: 'Charts: the SVG and PNG links above each chart.' })}</span>
      </div>
    </section>
  );
}
