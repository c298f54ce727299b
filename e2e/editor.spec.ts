import { readFileSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';

// The scenario editor (issue 6): form and raw JSON in step, the engine's validator naming the
// field, the last valid scenario kept through invalid edits, and "Run in lab".
const REGISTRY = JSON.parse(readFileSync('web/src/generated/registry.json', 'utf8'));
const field = (page: Page, path: string) => page.locator(`[data-testid="editor-form"] [data-path="${path}"]`);
const editor = (page: Page) => page.getByTestId('editor');

async function openEditor(page: Page) {
  await page.goto('/?view=editor&preset=tcp-dumbbell&seed=1&speed=max');
  await expect(editor(page)).toHaveAttribute('data-source', 'tcp-dumbbell');
  await expect(editor(page)).toHaveAttribute('data-valid', 'true');
}

async function rawJson(page: Page): Promise<Record<string, any>> {
  return JSON.parse(await page.getByTestId('editor-json').inputValue());
}

test('form edits write the JSON and the validator names the bad field', async ({ page }) => {
  await openEditor(page);
  await expect(field(page, 'topology.bottleneck.rate_mbps')).toHaveValue('100');

  const rate = field(page, 'topology.bottleneck.rate_mbps');
  await rate.fill('-5');
  await expect(editor(page)).toHaveAttribute('data-valid', 'false');
  await expect(editor(page)).toHaveAttribute('data-error-path', 'topology.bottleneck.rate_mbps');
  await expect(page.getByTestId('editor-error')).toContainText('topology.bottleneck.rate_mbps');
  // The message sits next to the field it names.
  const inline = page.locator('[data-testid="field-error"][data-error-for="topology.bottleneck.rate_mbps"]');
  await expect(inline).toBeVisible();
  expect((await rawJson(page)).topology.bottleneck.rate_mbps).toBe(-5);
  await expect(page.getByTestId('editor-run')).toHaveText(/last valid/);

  await rate.fill('20');
  await expect(editor(page)).toHaveAttribute('data-valid', 'true');
  await expect(inline).toBeHidden();
  expect((await rawJson(page)).topology.bottleneck.rate_mbps).toBe(20);

  // An unknown algorithm (typed in the raw JSON) is named by its flow's index, beside the
  // algorithm select, which shows the unknown name; picking one from the list fixes it.
  const raw = await rawJson(page);
  raw.flows[1].cc = 'warp-drive';
  await page.getByTestId('editor-json').fill(JSON.stringify(raw, null, 2));
  await expect(editor(page)).toHaveAttribute('data-error-path', 'flows[1].cc');
  await expect(page.locator('[data-testid="field-error"][data-error-for="flows[1].cc"]')).toContainText('unknown congestion control');
  const cc = field(page, 'flows[1].cc');
  await expect(cc).toHaveValue('warp-drive');
  await cc.selectOption('reno');
  await expect(editor(page)).toHaveAttribute('data-valid', 'true');

  // Parameters the form has no input for go in the cc_params box (closed while empty),
  // checked by the algorithm.
  await page.locator('[data-extra-for="flows[0].cc_params"] > summary').click();
  const params = field(page, 'flows[0].cc_params');
  await params.fill('{"nonsense": ');
  await expect(page.getByTestId('json-field-error')).toContainText('malformed JSON');
  await expect(editor(page)).toHaveAttribute('data-valid', 'true');
  await params.fill('{"nonsense": 1}');
  await expect(editor(page)).toHaveAttribute('data-valid', 'false');
  await expect(editor(page)).toHaveAttribute('data-error-path', /^flows\[0\]\.cc_params/);
  await params.fill('');
  await expect(editor(page)).toHaveAttribute('data-valid', 'true');

  // Lists: a third sender appears in the JSON; the buffer can switch to packets.
  await page.getByTestId('add-topology.senders').click();
  expect((await rawJson(page)).topology.senders).toHaveLength(3);
  await field(page, 'topology.bottleneck.buffer#mode').selectOption('packets');
  await field(page, 'topology.bottleneck.buffer.packets').fill('42');
  expect((await rawJson(page)).topology.bottleneck.buffer).toEqual({ packets: 42 });
  // The preset's buffer_bdp knob is bound to the bdp field that just went away: the validator
  // says so, and the knobs box (under other fields) opens with the message.
  await expect(editor(page)).toHaveAttribute('data-error-path', /^knobs\[\d+\]\.bind/);
  await expect(page.locator('[data-testid="editor-other"] details[data-field="knobs"]')).toHaveAttribute('open', '');
  await expect(page.locator('[data-testid="editor-other"] [data-testid="field-error"]')).toContainText('bind');
});

test('invalid raw JSON keeps the last valid scenario, which is what runs', async ({ page }) => {
  await openEditor(page);
  const raw = page.getByTestId('editor-json');
  const good = await rawJson(page);
  // The shortest run tcp-dumbbell's Duration knob allows (its full run's 5 s warm-up + 1 s).
  good.duration_s = 6;
  good.warmup_s = 1;
  good.flows[0].cc = 'reno';
  await raw.fill(JSON.stringify(good, null, 2));
  await expect(editor(page)).toHaveAttribute('data-valid', 'true');
  await expect(field(page, 'duration_s')).toHaveValue('6');

  // Break it: the form steps aside, the status names the problem, the last good text is kept.
  await raw.fill('{ "duration_s": ');
  await expect(editor(page)).toHaveAttribute('data-valid', 'false');
  await expect(editor(page)).toHaveAttribute('data-dirty', 'true');
  await expect(page.getByTestId('editor-error')).toContainText('malformed JSON');
  await expect(page.getByTestId('editor-form')).toHaveCount(0);
  // An unknown field is rejected by the strict parser.
  await raw.fill(JSON.stringify({ ...good, duraton_s: 4 }, null, 2));
  await expect(page.getByTestId('editor-error')).toContainText('duraton_s');

  await page.getByTestId('editor-run').click();
  const app = page.getByTestId('app');
  await expect(app).toHaveAttribute('data-view', 'lab');
  await expect(app).toHaveAttribute('data-preset', 'edited:tcp-dumbbell');
  await expect(app).toHaveAttribute('data-state', 'finished', { timeout: 45_000 });
  const summary = page.getByTestId('summary');
  await expect(summary).toHaveAttribute('data-duration', '6');
  await expect(summary).toHaveAttribute('data-seed', '1');
  await expect(summary.locator('[data-flow="short-rtt"]')).toContainText('reno');
  await expect(summary.locator('[data-flow="long-rtt"]')).toContainText('cubic');

  // The draft is still there; revert brings back the valid version.
  await page.getByTestId('tab-editor').click();
  await expect(editor(page)).toHaveAttribute('data-valid', 'false');
  await page.getByTestId('editor-revert').click();
  await expect(editor(page)).toHaveAttribute('data-valid', 'true');
  expect((await rawJson(page)).duration_s).toBe(6);
});

test('a parallel topology has one row per path', async ({ page }) => {
  await openEditor(page);
  await field(page, 'topology.kind').selectOption('parallel');
  await expect(page.locator('[data-item^="topology.paths["]')).toHaveCount(2);
  await field(page, 'topology.paths[1].rtt_ms').fill('0');
  await expect(editor(page)).toHaveAttribute('data-error-path', 'topology.paths[1].rtt_ms');
  await page.locator('[data-testid="remove-item"][data-path="topology.paths[1]"]').click();
  // Flow 1 used path 1, which no longer exists: the validator says so.
  await expect(editor(page)).toHaveAttribute('data-error-path', /^flows\[1\]/);
});

// ---- Algorithm parameters (issue 6 item 6) ----

async function openPreset(page: Page, preset: string) {
  await page.goto(`/?view=editor&preset=${preset}&variant=quick&seed=1&speed=max`);
  await expect(editor(page)).toHaveAttribute('data-source', preset);
  await expect(editor(page)).toHaveAttribute('data-valid', 'true');
}

/** The engine's message shown inside the same form field as the input at `path`. */
const inlineError = (page: Page, path: string) => page.locator(`[data-testid="editor-form"] label:has([data-path="${path}"]) [data-testid="field-error"]`);

async function runInLab(page: Page) {
  const app = page.getByTestId('app');
  const before = await app.getAttribute('data-run-id');
  await page.getByTestId('editor-run').click();
  await expect(app).toHaveAttribute('data-view', 'lab');
  await expect(app).not.toHaveAttribute('data-run-id', before ?? '');
  await expect(app).toHaveAttribute('data-state', 'finished', { timeout: 45_000 });
  return JSON.parse((await page.getByTestId('summary-json').textContent()) ?? 'null');
}

test('"Start from" loads another preset into the editor, fetching its file first', async ({ page }) => {
  await openPreset(page, 'tcp-single');
  await page.getByTestId('editor-source').selectOption('bbr-fairness');
  await page.getByTestId('editor-load').click();
  await expect(editor(page)).toHaveAttribute('data-source', 'bbr-fairness');
  expect((await rawJson(page)).flows.some((f: { cc?: string }) => f.cc === 'bbr')).toBe(true);
});

test('after Run in the editor the address names the lab, so a reload opens the lab, not the editor', async ({ page }) => {
  await openPreset(page, 'tcp-single');
  expect(new URL(page.url()).searchParams.get('view')).toBe('editor');
  await runInLab(page);
  await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBeNull();
  await page.reload();
  await expect(page.getByTestId('app')).toHaveAttribute('data-view', 'lab');
});

test('BBR-A parameters: the engine names a bad one beside its input; the last valid version runs', async ({ page }) => {
  await openPreset(page, 'bbr-fairness');
  // The shortest run bbr-fairness's Duration knob allows (its full run's 20 s warm-up + 1 s).
  await field(page, 'duration_s').fill('21');
  await field(page, 'warmup_s').fill('1');
  await field(page, 'flows[0].cc').selectOption('bbr-a');
  expect((await rawJson(page)).flows[0].cc).toBe('bbr-a');
  // BBR-A's own input, with the engine's default as the placeholder.
  const hdr = field(page, 'flows[0].cc_params.header_bytes');
  await expect(hdr).toHaveAttribute('placeholder', '52');
  await expect(hdr).toHaveValue('');
  const summaryBefore = await runInLab(page);
  expect(summaryBefore.flows.find((f: { id: string }) => f.id === 'rtt10').cc).toBe('bbr-a');

  await page.getByTestId('tab-editor').click();
  await hdr.fill('-1');
  await expect(editor(page)).toHaveAttribute('data-valid', 'false');
  await expect(page.getByTestId('editor-error')).toContainText('flows[0].cc_params: header_bytes');
  await expect(inlineError(page, 'flows[0].cc_params.header_bytes')).toBeVisible();
  await expect(inlineError(page, 'flows[0].cc_params.header_bytes')).toContainText('header_bytes');
  await expect(hdr).toHaveAttribute('aria-invalid', 'true');
  // "Run" runs the last valid version: the same scenario as before, so the same digest.
  await expect(page.getByTestId('editor-run')).toHaveText(/last valid/);
  const lastValid = await runInLab(page);
  expect(lastValid.digest).toBe(summaryBefore.digest);

  await page.getByTestId('tab-editor').click();
  await hdr.fill('200');
  await expect(editor(page)).toHaveAttribute('data-valid', 'true');
  await expect(inlineError(page, 'flows[0].cc_params.header_bytes')).toHaveCount(0);
  expect((await rawJson(page)).flows[0].cc_params).toEqual({ header_bytes: 200 });
  // BBR paces on whole frames: a larger header changes the run.
  const edited = await runInLab(page);
  expect(edited.flows.find((f: { id: string }) => f.id === 'rtt10').cc).toBe('bbr-a');
  expect(edited.digest).not.toBe(summaryBefore.digest);

  // Emptying the input removes the parameter, and the now empty cc_params with it; a
  // controller without that parameter drops it.
  await page.getByTestId('tab-editor').click();
  await hdr.fill('');
  expect((await rawJson(page)).flows[0].cc_params).toBeUndefined();
  await hdr.fill('60');
  await field(page, 'flows[0].cc').selectOption('cubic');
  await expect(editor(page)).toHaveAttribute('data-valid', 'true');
  expect((await rawJson(page)).flows[0].cc_params).toBeUndefined();
  await expect(field(page, 'flows[0].cc_params.beta')).toHaveAttribute('placeholder', '0.7');
  await field(page, 'flows[0].cc_params.beta').fill('1.5');
  await expect(inlineError(page, 'flows[0].cc_params.beta')).toContainText('must be in (0, 1)');
});

test('MPTCP: FSFS class bounds and schedulers write the mptcp block', async ({ page }) => {
  await openPreset(page, 'mptcp-fsfs-load');
  const base = 'traffic.mptcp';
  await expect(field(page, `${base}.flow_sched`)).toHaveValue('fsfs');
  await expect(field(page, `${base}.class_bounds_kb[1]`)).toHaveAttribute('placeholder', '300');
  await field(page, `${base}.class_bounds_kb[1]`).fill('250');
  await expect(editor(page)).toHaveAttribute('data-valid', 'true');
  expect((await rawJson(page)).traffic.mptcp.class_bounds_kb).toEqual([100, 250, 800]);
  await expect(page.locator(`fieldset[data-path="${base}.class_bounds_kb"]`)).toContainText('G1 ≤ 250 kB');
  // Bounds must increase: the engine says so beside the three inputs.
  await field(page, `${base}.class_bounds_kb[1]`).fill('50');
  await expect(editor(page)).toHaveAttribute('data-error-path', `${base}.class_bounds_kb`);
  await expect(page.locator(`fieldset[data-path="${base}.class_bounds_kb"] [data-testid="field-error"]`)).toContainText('increasing');
  await field(page, `${base}.class_bounds_kb[1]`).fill('1500');
  await expect(editor(page)).toHaveAttribute('data-error-path', `${base}.class_bounds_kb`);
  await field(page, `${base}.class_bounds_kb[2]`).fill('2000');
  await expect(editor(page)).toHaveAttribute('data-valid', 'true');
  expect((await rawJson(page)).traffic.mptcp.class_bounds_kb).toEqual([100, 1500, 2000]);
  await expect(page.locator(`fieldset[data-path="${base}.class_bounds_kb"]`)).toContainText('G2 ≤ 2 MB');

  // Packet scheduler: ECF brings its β.
  await field(page, `${base}.scheduler`).selectOption('ecf');
  await field(page, `${base}.sched_params.beta`).fill('0.5');
  await field(page, `${base}.flow_sched`).selectOption('mptcp');
  await field(page, `${base}.subflows`).fill('3');
  await field(page, `${base}.first_path`).selectOption('spread');
  await expect(editor(page)).toHaveAttribute('data-valid', 'true');
  const m = (await rawJson(page)).traffic.mptcp;
  expect(m).toEqual({
    scheduler: 'ecf',
    sched_params: { beta: 0.5 },
    flow_sched: 'mptcp',
    first_path: 'spread',
    class_bounds_kb: [100, 1500, 2000],
    subflows: 3,
    send_buffer_bytes: 25000000,
    recv_buffer_bytes: 25000000,
  });
  await field(page, `${base}.sched_params.beta`).fill('');
  expect((await rawJson(page)).traffic.mptcp.sched_params).toBeUndefined();
  // The default entry removes the field.
  await field(page, `${base}.scheduler`).selectOption('');
  expect((await rawJson(page)).traffic.mptcp.scheduler).toBeUndefined();
  await field(page, `${base}.subflows`).fill('0');
  await expect(inlineError(page, `${base}.subflows`)).toContainText('must be ≥ 1');
});

test('QUIC: stream weight and scheduler from the form reach the lab', async ({ page }) => {
  await openPreset(page, 'quic-priority-control');
  const q = 'flows[0].quic';
  await expect(field(page, `${q}.scheduler`)).toHaveValue('abs');
  await expect(page.locator(`[data-item^="${q}.streams["]`)).toHaveCount(2);
  await field(page, `${q}.streams[0].weight`).fill('5000');
  await expect(inlineError(page, `${q}.streams[0].weight`)).toContainText('must be in [1, 1000]');
  await field(page, `${q}.streams[0].weight`).fill('5');
  await field(page, `${q}.scheduler`).selectOption('wfq');
  await expect(editor(page)).toHaveAttribute('data-valid', 'true');
  const j = (await rawJson(page)).flows[0].quic;
  expect(j.scheduler).toBe('wfq');
  expect(j.streams[0].weight).toBe(5);
  // The scheduler's own field is highlighted.
  await expect(page.locator(`.sched-field.used [data-path="${q}.streams[0].weight"]`)).toHaveCount(1);

  // A third stream: a message source.
  await page.getByTestId(`add-${q}.streams`).click();
  await field(page, `${q}.streams[2].source.kind`).selectOption('messages');
  await field(page, `${q}.streams[2].source.interval_ms`).fill('{"exponential": 50}');
  await field(page, `${q}.streams[2].weight`).fill('2');
  await expect(editor(page)).toHaveAttribute('data-valid', 'true');
  expect((await rawJson(page)).flows[0].quic.streams[2]).toEqual({ name: 's2', source: { kind: 'messages', size_bytes: 1000, interval_ms: { exponential: 50 } }, weight: 2 });

  const summary = await runInLab(page);
  const control = summary.streams.find((s: { name: string }) => s.name === 'control');
  expect(control.weight).toBe(5);
  expect(summary.streams.find((s: { name: string }) => s.name === 's2').weight).toBe(2);
  // The lab's streams table shows the weights, and WFQ's picks.
  await expect(page.locator('[data-testid="quic-stream"][data-stream="control"]')).toContainText('5 / 1 / 0');
  const reasons = await page.getByTestId('quic-pick').evaluateAll((els) => els.map((e) => e.getAttribute('data-reason')));
  expect(reasons.length).toBeGreaterThan(0);
  expect(reasons).not.toContain('highest_priority');
});

test('every parameter input writes a field the engine accepts', async ({ page }) => {
  // The engine's default in every number input (1 where there is none), every flag flipped:
  // the form must never write a field the engine's strict parser rejects.
  const fillAll = async (prefix: string) => {
    const inputs = await page
      .locator(`[data-testid="editor-form"] input[data-path^="${prefix}"]`)
      .evaluateAll((els) => els.map((e) => ({ path: e.getAttribute('data-path')!, type: (e as HTMLInputElement).type, placeholder: (e as HTMLInputElement).placeholder })));
    for (const [i, inp] of inputs.entries()) {
      if (inp.type === 'checkbox') await field(page, inp.path).click();
      // Names must stay unique (QUIC stream names are checked by the engine).
      else if (inp.path.endsWith('.name')) await field(page, inp.path).fill(`n${i}`);
      else await field(page, inp.path).fill(Number.isFinite(Number(inp.placeholder)) ? inp.placeholder : '1');
    }
    return inputs.length;
  };
  // Without the presets' claims and knobs, which set other algorithms on the same flows (and the
  // tour, whose stops name the variants removed here).
  const bare = async (preset: string) => {
    await openPreset(page, preset);
    const j = await rawJson(page);
    for (const k of ['expect', 'knobs', 'variants', 'sweep', 'tour', 'worksheet']) delete j[k];
    await page.getByTestId('editor-json').fill(JSON.stringify(j, null, 2));
    await expect(editor(page)).toHaveAttribute('data-valid', 'true');
  };
  const valid = async (what: string) => expect(editor(page), `${what}: ${await page.getByTestId('editor-status').textContent()}`).toHaveAttribute('data-valid', 'true');

  await bare('tcp-dumbbell');
  const options = await field(page, 'flows[0].cc').locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
  // The engine's registry, not a list kept here: a controller added in Rust is tested too.
  expect(options).toEqual(REGISTRY.congestion_controllers.map((e: { name: string }) => e.name));
  for (const cc of options) {
    await field(page, 'flows[0].cc').selectOption(cc);
    // Start from no parameters: ones kept from the previous controller (BBR's lt_bw carries
    // over to BBR-A) would make a flipped flag return to its default and leave the JSON.
    const j = await rawJson(page);
    delete j.flows[0].cc_params;
    await page.getByTestId('editor-json').fill(JSON.stringify(j, null, 2));
    await valid(`${cc} without parameters`);
    const n = await fillAll('flows[0].cc_params.');
    expect(n, cc).toBeGreaterThan(0);
    await valid(cc);
    expect(Object.keys((await rawJson(page)).flows[0].cc_params).length, cc).toBe(n);
  }

  await bare('mptcp-fsfs-load');
  await field(page, 'traffic.mptcp.scheduler').selectOption('ecf');
  expect(await fillAll('traffic.mptcp.')).toBeGreaterThan(10);
  await valid('mptcp');

  await bare('quic-priority-control');
  await page.locator('details.quic-settings > summary').click();
  expect(await fillAll('flows[0].quic.')).toBeGreaterThan(15);
  await valid('quic');
});
