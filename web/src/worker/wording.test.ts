import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { wordLab, wordSweep } from './wording';

// A worker has no catalog: it posts what happened, and the page words it in its language.
describe('worker notices worded on the page', () => {
  afterEach(() => i18n.activate('en'));

  it("replaces an engine restart's English with the page language's words, keeping the engine's detail", () => {
    i18n.load('zh', {
      'worker.engine-restarted.kept': '引擎出错（{detail}），已重新启动；屏幕上的运行结果保留。',
      'worker.engine-restarted.lost': '引擎出错（{detail}），已重新启动；请选择一个预设继续。',
    });
    i18n.activate('zh');
    const english = { type: 'error', runId: 3, kind: 'engine', message: 'the engine failed (unreachable) and was restarted …' } as const;
    const kept = wordLab({ ...english, restart: { detail: 'unreachable', kept: true } });
    expect(kept).toMatchObject({ type: 'error', runId: 3, kind: 'engine', message: '引擎出错（unreachable），已重新启动；屏幕上的运行结果保留。' });
    expect(wordLab({ ...english, restart: { detail: 'oom', kept: false } })).toMatchObject({ message: '引擎出错（oom），已重新启动；请选择一个预设继续。' });
    // An ordinary error (the engine refusing a scenario) is the engine's own English: left alone.
    expect(wordLab({ type: 'error', runId: 3, message: 'duration_s: must be positive' })).toMatchObject({ message: 'duration_s: must be positive' });
  });

  it("words a link's refused speed after the link's own notice", () => {
    i18n.load('ja', { 'worker.speed-refused': '{error}。この実行はページの再生速度で進みます。' });
    i18n.activate('ja');
    const msg = wordLab({
      type: 'linkOpened', runId: 0, preset: {} as never, text: '{}', seed: 1, view: {},
      notice: 'old English', linkNotice: 'made by engine 0.1', speedError: 'view.speed: 9 is not a speed',
    });
    expect(msg).toMatchObject({ notice: 'made by engine 0.1 view.speed: 9 is not a speed。この実行はページの再生速度で進みます。' });
  });

  it('words a skipped sweep point, and leaves an engine error on a point as the engine wrote it', () => {
    i18n.load('zh', { 'worker.point-skipped': '引擎出错（{detail}）；已跳过这个扫描点' });
    i18n.activate('zh');
    expect(wordSweep({ type: 'error', id: 4, message: 'x', restart: { detail: 'trap' } })).toEqual({ type: 'error', id: 4, message: '引擎出错（trap）；已跳过这个扫描点', restart: { detail: 'trap' } });
    expect(wordSweep({ type: 'error', id: 4, message: 'loss: above 1' })).toEqual({ type: 'error', id: 4, message: 'loss: above 1' });
  });
});
