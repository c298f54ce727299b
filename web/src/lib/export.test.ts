import { describe, expect, it } from 'vitest';
import type { Summary } from '../types';
import { csvField, fileName, flatten, seriesCsv, seriesJson, summaryCsv, svgDocument, toCsv } from './export';

const summary = {
  engine_version: '0.1.0',
  scenario: 'demo',
  seed: 7,
  duration_s: 10,
  events: 1234,
  wall_s: 0.5,
  jain: 0.91,
  flows: [
    { id: 'a', kind: 'tcp', cc: 'cubic', start_s: 0, goodput_mbps: 40.5, sent_packets: 10, retransmitted_packets: 1 },
    { id: 'b,2', kind: 'tcp', cc: 'reno', start_s: 1, fct_s: 2.5, size_class: 'G1', goodput_mbps: 10, sent_packets: 5, retransmitted_packets: 0 },
  ],
  links: [{ id: 'bottleneck', rate_mbps: 100, utilization: 0.97, drops: 3, max_queue_bytes: 1500 }],
  fct_by_class: { G1: { count: 1, mean_s: 2.5, p50_s: 2.5, p99_s: 2.5 } },
  streams: [{ flow: 'q', stream: 0, name: 'video', latency_ms: { mean: 5, p50: 4, p95: 9, max: 12 }, latencies_ms: [1, 2, 3] }],
} as unknown as Summary;

function parse(csv: string): string[][] {
  // A small RFC 4180 reader for these tests: quoted fields with doubled quotes.
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i]!;
    if (quoted) {
      if (c === '"' && csv[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && csv[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

describe('csv', () => {
  it('quotes only what needs quoting', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(0.1)).toBe('0.1');
    expect(toCsv(['a', 'b'], [[1, 'x']])).toBe('a,b\r\n1,x\r\n');
  });

  it('flattens nested records into dotted columns', () => {
    expect(flatten({ a: 1, b: { c: 2, d: { e: 'x' } }, arr: [1, 2] })).toEqual({ a: 1, 'b.c': 2, 'b.d.e': 'x', arr: '[1,2]' });
  });

  it('writes the summary as one table with run, flow, link, class and stream rows', () => {
    const rows = parse(summaryCsv(summary));
    const head = rows[0]!;
    expect(head.slice(0, 2)).toEqual(['table', 'id']);
    const col = (name: string) => head.indexOf(name);
    const byTable = (t: string) => rows.filter((r) => r[0] === t);
    expect(byTable('run')).toHaveLength(1);
    expect(byTable('run')[0]![col('jain')]).toBe('0.91');
    expect(byTable('run')[0]![col('seed')]).toBe('7');
    expect(byTable('flow').map((r) => r[1])).toEqual(['a', 'b,2']);
    expect(byTable('flow')[1]![col('fct_s')]).toBe('2.5');
    expect(byTable('flow')[0]![col('fct_s')]).toBe('');
    expect(byTable('link')[0]![col('utilization')]).toBe('0.97');
    expect(byTable('fct_class')[0]![col('p99_s')]).toBe('2.5');
    const stream = byTable('stream')[0]!;
    expect(stream[1]).toBe('q/0');
    expect(stream[col('latency_ms.p95')]).toBe('9');
    // The raw latency list is in the JSON export, not in a CSV cell.
    expect(head).not.toContain('latencies_ms');
    // Every row has as many cells as the header.
    for (const r of rows) expect(r).toHaveLength(head.length);
  });

  it('writes series in long form and as column arrays', () => {
    const meta = { key: 'flow/a/cwnd', scope: 'flow' as const, owner: 'a', metric: 'cwnd' as const, label: 'cwnd', unit: 'packets' };
    const series = [{ meta, points: [{ t: 0, v: 10 }, { t: 0.5, v: 12.5 }] }];
    const rows = parse(seriesCsv(series));
    expect(rows[0]).toEqual(['key', 'scope', 'owner', 'metric', 'unit', 't_s', 'value']);
    expect(rows.slice(1)).toEqual([
      ['flow/a/cwnd', 'flow', 'a', 'cwnd', 'packets', '0', '10'],
      ['flow/a/cwnd', 'flow', 'a', 'cwnd', 'packets', '0.5', '12.5'],
    ]);
    const json = JSON.parse(seriesJson(series, { scenario: 'demo', seed: 3 }));
    expect(json.seed).toBe(3);
    expect(json.series[0]).toMatchObject({ key: 'flow/a/cwnd', unit: 'packets', t: [0, 0.5], v: [10, 12.5] });
  });
});

describe('file names and svg', () => {
  it('makes safe, descriptive file names', () => {
    expect(fileName('bbr-fairness', 1, 'summary', 'csv')).toBe('netlab-bbr-fairness-seed1-summary.csv');
    expect(fileName('edited:my run/2', 4, 'chart cwnd', 'svg')).toBe('netlab-edited-my-run-2-seed4-chart-cwnd.svg');
    expect(fileName(null, 0, '', 'json')).toBe('netlab-run-seed0-run.json');
  });

  it('wraps a chart body in a standalone document with title and legend', () => {
    const svg = svgDocument({
      width: 300,
      height: 200,
      title: 'Queue <bytes> & "drops"',
      legend: [{ label: 'f1', color: '#0072B2' }, { label: 'f2', color: '#E69F00', dashed: true }],
      body: '<path d="M0,0L1,1"/>',
      background: '#fff',
      text: '#000',
    });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('Queue &lt;bytes&gt; &amp; &quot;drops&quot;');
    expect(svg).toContain('stroke="#E69F00" stroke-width="3" stroke-dasharray');
    expect(svg).toContain('<path d="M0,0L1,1"/>');
    expect(svg).toMatch(/height="244"/);
  });

  it('widens for a long title and wraps a long legend into rows', () => {
    // 10 px per character: the title needs 20 + 400 px, each entry 21 + 100 px (+ 14 apart).
    const measure = (text: string) => text.length * 10;
    const svg = svgDocument({
      width: 300,
      height: 200,
      title: 'T'.repeat(40),
      legend: ['a', 'b', 'c', 'd'].map((c) => ({ label: c.repeat(10), color: '#000' })),
      body: '',
      background: '#fff',
      text: '#000',
      measure,
    });
    expect(svg).toMatch(/width="420" height="262" viewBox="0 0 420 262"/);
    // Three entries fit in 420 px, the fourth starts a second row.
    const at = [...svg.matchAll(/translate\(([\d.]+),(\d+)\)"><line/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(at).toEqual([
      [10, 34],
      [145, 34],
      [280, 34],
      [10, 52],
    ]);
    expect(svg).toContain('<g transform="translate(0,62)">');
  });
});
