// The simulation worker: owns the wasm engine of the run on screen and answers the page's
// messages (protocol.ts). The run itself — its columns, clock, mode (idle, paused, playing,
// seeking, restoring, finished, crashed) and the one crash guard every engine call goes
// through — is a RunSession (session.ts); this file starts the engine, opens shared links and
// edited scenarios, encodes share links, and hands everything else to the session.
//
// One worker for the lab and A/B compare (issue 14: one run pipeline); the compare view starts
// its own instance of it. The page numbers its loads and every message carries the run id it
// is about.
import { Simulation, debug_panic_for_tests, describe_preset, engine_version, share_decode, share_encode } from '@netlab/wasm';
import { seedValue, viewSpeed, viewVariant } from '../lib/shareLink';
import { errorText } from './engineReset';
import { openedLink, presetInfo } from '../lib/engineJson';
import type { PresetDesc } from '../types';
import type { ToWorker } from './protocol';
import { RunSession } from './session';
import { receiveModule, startEngine } from './engineStart';
import { editDrops } from '../lesson/drop';
import { transmissionOf, withTransmission } from '../follow/transmission';

const session = new RunSession((msg, transfer) => self.postMessage(msg, { transfer }));

/**
 * Describes a scenario opened from a link or the editor, with its knobs' values under each
 * variant (what the controls show): the engine's describe, which also wrote the preset files'
 * build-time index (generated/presets-index.json).
 */
function describe(text: string): PresetDesc {
  return presetInfo(describe_preset(text));
}

/** A shared link body: the scenario (as a preset of its own), seed and view it carries. */
function openLink(link: string): void {
  session.guard(
    () => {
      const opened = openedLink(share_decode(link));
      // The engine decodes the seed exactly, JSON.parse does not above 2^53: say so here
      // rather than fail later with "not a non-negative integer".
      const seed = seedValue(opened.seed);
      if (!seed.ok) throw new Error(seed.error);
      const text = JSON.stringify(opened.scenario);
      const desc = describe(text);
      // A bad view.speed does not spoil the scenario: it runs at the page's speed, and says so.
      const speed = viewSpeed(opened.view);
      const notices = [opened.notice, speed.ok ? null : `${speed.error}; the run uses the page's speed instead.`];
      const variant = viewVariant(opened.view, desc.variants);
      session.post({
        type: 'linkOpened',
        preset: { ...desc, name: `link:${desc.name}`, title: desc.title, origin: { kind: 'shared', variant } },
        text,
        seed: seed.value,
        view: { speed: speed.ok ? speed.value : undefined, variant },
        notice: notices.filter((n) => n).join(' ') || null,
        linkNotice: opened.notice ?? null,
        speedError: speed.ok ? null : speed.error,
      });
    },
    (e) => session.post({ type: 'linkFailed', message: errorText(e) }),
    (panic) => session.post({ type: 'linkFailed', message: panic }),
  );
}

/** A scenario written in the editor, answered like a link. */
function openText(msg: Extract<ToWorker, { type: 'openText' }>): void {
  session.guard(() => {
    const desc = describe(msg.text);
    const name = desc.name || 'scenario';
    session.post({
      type: 'linkOpened',
      preset: { ...desc, name: `edited:${name}`, title: desc.title || name, origin: { kind: 'edited', variant: msg.variant } },
      text: msg.text,
      seed: msg.seed,
      view: {},
      notice: null,
    });
  });
}

async function handle(msg: ToWorker): Promise<void> {
  switch (msg.type) {
    case 'module':
      receiveModule(msg.module);
      return;
    case 'init':
      // Only the engine: the page lists the presets from its build-time index (presets.ts).
      await startEngine();
      session.post({ type: 'ready', engineVersion: engine_version() });
      return;
    case 'load':
      await startEngine();
      session.load(msg);
      return;
    case 'openLink':
      await startEngine();
      openLink(msg.link);
      return;
    case 'openText':
      await startEngine();
      openText(msg);
      return;
    case 'editDrops': {
      const run = session.shareable;
      if (run)
        session.guard(() => {
          const add = msg.add && msg.resolve ? withTransmission(msg.add, transmissionOf(new Simulation(run.scenario, run.seed), msg.resolve)) : msg.add;
          openText({ type: 'openText', text: editDrops(run.scenario, add), seed: run.seed, variant: null });
        });
      return;
    }
    case 'share': {
      const run = session.shareable;
      if (run) session.guard(() => session.post({ type: 'shared', link: share_encode(run.scenario, run.seed, JSON.stringify(msg.view)) }));
      return;
    }
    case 'view':
      session.setView(msg.view);
      return;
    case 'trace':
      session.trace(msg);
      return;
    case 'follow':
      session.follow(msg.request);
      return;
    case 'followStep':
      session.followStep();
      return;
    case 'debugPanic':
      await startEngine();
      session.guard(() => debug_panic_for_tests());
      return;
    case 'play':
      session.play(msg.until);
      return;
    case 'pause':
      session.pause();
      return;
    case 'speed':
      session.setSpeed(msg.speed);
      return;
    case 'step':
      session.step(msg.dt);
      return;
    case 'seek':
      session.seek(msg.t, msg.rerun === true);
      return;
  }
}

self.onmessage = (e: MessageEvent<ToWorker>) => {
  handle(e.data).catch((err: unknown) =>
    session.guard(() => {
      throw err;
    }),
  );
};
