import { describe, expect, it } from 'vitest';
import { keyChart } from './keyChart';
import { parseFlag } from './flags';
import { embedAddress, embedSnippet, fullLabAddress, snippetSrc } from './snippet';

const place = { pathname: '/course/netlab/', search: '?preset=bufferbloat&variant=quick&view=gallery&seed=3&projector=1&lang=ja', hash: '' };

describe('embed code', () => {
  it('points at the run link in embed mode, keeping the page flags and dropping the preset and view', () => {
    const url = new URL(embedAddress('https://uni.example', place, '#s=v1.abc'));
    expect(url.pathname).toBe('/course/netlab/');
    expect(url.searchParams.get('embed')).toBe('1');
    expect(url.searchParams.get('projector')).toBe('1');
    expect(url.searchParams.get('lang')).toBe('ja');
    for (const p of ['preset', 'variant', 'view', 'seed']) expect(url.searchParams.get(p)).toBeNull();
    expect(url.hash).toBe('#s=v1.abc');
  });

  it('round-trips the src through the snippet, escaping the title and the URL', () => {
    const src = 'https://x.example/?a=1&embed=1#s=v1."q"';
    const snippet = embedSnippet(src, 'Two <flows> & a "queue"');
    expect(snippet).toContain('width="960" height="540"');
    expect(snippet).toContain('title="NetLab: Two &lt;flows&gt; &amp; a &quot;queue&quot;"');
    expect(snippetSrc(snippet)).toBe(src);
  });

  it('opens the full lab at the same run without embed', () => {
    expect(fullLabAddress('http://h', { pathname: '/', search: '?embed=1&preset=x', hash: '#s=v1.y' })).toBe('http://h/?preset=x#s=v1.y');
  });
});

describe('flags and the key chart', () => {
  it('reads on/off flags with a fallback', () => {
    expect(parseFlag('1', false)).toBe(true);
    expect(parseFlag('off', true)).toBe(false);
    expect(parseFlag('maybe', true)).toBe(true);
    expect(parseFlag(null, false)).toBe(false);
  });

  it('picks the chart the tour names most, among the lab charts; cwnd without a tour', () => {
    const stop = (chart: string) => ({ at_s: 0, title: '', text: '', chart }) as never;
    expect(keyChart({ tour: [stop('cwnd'), stop('queue'), stop('queue')] })).toBe('queue');
    expect(keyChart({ tour: [stop('queue'), stop('cwnd')] })).toBe('queue');
    expect(keyChart({ tour: [stop('subflow-cwnd'), stop('subflow-cwnd'), stop('throughput')] })).toBe('throughput');
    expect(keyChart({ tour: [] })).toBe('cwnd');
    expect(keyChart(null)).toBe('cwnd');
  });
});
