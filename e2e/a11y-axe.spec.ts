import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';

// Issue 31 §2: axe-core on every view of the page — the lab with one preset of each family,
// the gallery, the editor, A/B compare, a sweep, the inspector and a tour open — in the
// normal, projector (`?projector=1`) and dark (the system's prefers-color-scheme, which the
// page follows unless the reader picked a theme) modes. No serious or critical violation.

const FAST = 'seed=1&variant=quick&speed=max';

type Mode = { name: string; query: string; scheme: 'light' | 'dark' };
const MODES: Mode[] = [
  { name: 'normal', query: '', scheme: 'light' },
  { name: 'projector', query: '&projector=1', scheme: 'light' },
  { name: 'dark', query: '', scheme: 'dark' },
];

/** The serious and critical violations axe finds on the page as it is now, one line each. */
async function violations(page: Page): Promise<string[]> {
  // label-content-name-mismatch (a visible label that the accessible name does not contain, so
  // speech users cannot say what they see) is experimental in axe and off unless asked for.
  // Off-screen lab blocks skip layout (content-visibility: auto) and keep their last size, so
  // axe would measure a block that has grown since as overlapping the next one, which no user
  // sees: as each block scrolls in it is laid out anew. Lay every block out before measuring.
  await page.addStyleTag({ content: '.content > *, .content > .charts > .chart { content-visibility: visible !important; }' });
  const result = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`));
}

async function finished(page: Page): Promise<void> {
  await expect(page.getByTestId('app')).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
}

/** One lab preset of each family: TCP, BBR, MPTCP (and ECF), QUIC, topologies, queue disciplines. */
const PRESETS = ['tcp-dumbbell', 'bbr-fairness', 'mptcp-shared-bottleneck', 'ecf3-uniform', 'quic-priority-control', 'parking-lot', 'bufferbloat'];

const VIEWS: { name: string; open: (page: Page, q: string) => Promise<void> }[] = [
  ...PRESETS.map((preset) => ({
    name: `lab ${preset}`,
    open: async (page: Page, q: string) => {
      await page.goto(`/?preset=${preset}&${FAST}${q}`);
      await finished(page);
    },
  })),
  {
    name: 'lab with the inspector, the sequence diagram and a chart\'s data table open',
    open: async (page, q) => {
      await page.goto(`/?preset=tcp-dumbbell&${FAST}${q}`);
      await finished(page);
      await page.getByTestId('live').locator('button[data-inspect="flow:short-rtt"]').click();
      await expect(page.getByTestId('inspector')).toHaveAttribute('data-kind', 'flow');
      await page.getByTestId('sequence-toggle').click();
      await expect(page.getByTestId('sequence-view')).toBeVisible();
      await page.getByTestId('chart-cwnd-data-toggle').click();
      await expect(page.getByTestId('chart-cwnd-data').getByTestId('chart-table')).toBeVisible();
    },
  },
  {
    name: 'lab with a tour open',
    open: async (page, q) => {
      await page.goto(`/?preset=tcp-dumbbell&seed=1&variant=quick&speed=1${q}`);
      await page.getByTestId('tour-start').click();
      await expect(page.getByTestId('tour-callout')).toHaveAttribute('data-tour-stop', '0', { timeout: 30_000 });
      await expect(page.getByTestId('tour-next')).toBeVisible();
    },
  },
  {
    name: 'sweep, with its data table open',
    open: async (page, q) => {
      await page.goto(`/?preset=tcp-single&${FAST}${q}`);
      await finished(page);
      await page.getByTestId('sweep-open').click();
      await page.getByTestId('sweep-count').fill('2');
      await page.getByTestId('sweep-seeds').fill('1');
      await page.getByTestId('sweep-run').click();
      await expect(page.getByTestId('sweep')).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
      await page.getByTestId('sweep-data-toggle').click();
      await expect(page.getByTestId('sweep-data')).toBeVisible();
    },
  },
  {
    name: 'gallery',
    open: async (page, q) => {
      await page.goto(`/?view=gallery&${FAST}${q}`);
      await expect(page.getByTestId('gallery-card').first()).toBeVisible();
    },
  },
  {
    name: 'editor',
    open: async (page, q) => {
      await page.goto(`/?view=editor&preset=tcp-dumbbell&${FAST}${q}`);
      await expect(page.getByTestId('editor')).toBeVisible();
    },
  },
  {
    name: 'A/B compare',
    open: async (page, q) => {
      await page.goto(`/?view=compare&preset=tcp-dumbbell&compare=cc:cubic,reno&${FAST}${q}`);
      await expect(page.getByTestId('compare-run')).toBeEnabled();
      await page.getByTestId('compare-run').click();
      await expect(page.getByTestId('compare')).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
    },
  },
  {
    // Two knobs (a 2×2): the second knob's selector and values, four columns, the grid note.
    name: 'A/B compare 2×2',
    open: async (page, q) => {
      await page.goto(`/?view=compare&preset=tcp-dumbbell&compare=${encodeURIComponent('cc:cubic,reno;buffer_bdp:0.5,2')}&${FAST}${q}`);
      await expect(page.getByTestId('compare-run')).toBeEnabled();
      await page.getByTestId('compare-run').click();
      await expect(page.getByTestId('compare')).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
    },
  },
];

// Every view in every mode; the family presets only in the normal mode, since projector and
// dark change colours and sizes per theme, not per preset (one preset's lab stands for them);
// likewise the 2×2 compare, drawn with the one-knob view's components and colours.
const viewsFor = (mode: Mode) =>
  mode.name === 'normal' ? VIEWS : VIEWS.filter((v) => (!v.name.startsWith('lab ') || v.name === `lab ${PRESETS[0]}`) && v.name !== 'A/B compare 2×2');

for (const mode of MODES) {
  test.describe(`axe, ${mode.name} mode`, () => {
    test.use({ colorScheme: mode.scheme });
    for (const view of viewsFor(mode)) {
      test(`${view.name}: no serious or critical violation`, async ({ page }) => {
        await view.open(page, mode.query);
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(mode.scheme);
        expect(await violations(page)).toEqual([]);
      });
    }
  });
}
