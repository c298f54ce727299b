import { expect, test } from '@playwright/test';
import { cliSummary } from './cli';

// The BBR-A presets' "BBR as" knob (tcp.bbr, docs/model/bbr.md §Linux's BBR and ns-3's TcpBbr):
// the page opens on Linux's BBR, and choosing ns3 restarts the run as ns-3's TcpBbr — the same
// run, digest for digest, as `netlab run bbr-fairness --variant quick --seed 1 --set bbr_as=ns3`.
test('choosing "BBR as: ns3" reruns the preset as ns-3\'s TcpBbr', async ({ page }) => {
  const linux = cliSummary('bbr-fairness');
  const ns3 = cliSummary('bbr-fairness', { set: { bbr_as: 'ns3' } });
  expect(ns3.digest).not.toBe(linux.digest);

  await page.goto('/?preset=bbr-fairness&variant=quick&speed=max&seed=1');
  const app = page.getByTestId('app');
  await expect(app).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  const knob = page.getByTestId('knob-bbr_as');
  await expect(knob).toHaveValue('linux');
  await expect(page.getByTestId('summary')).toHaveAttribute('data-digest', linux.digest);
  const before = await app.getAttribute('data-run-id');

  await knob.selectOption('ns3');
  await expect(app).not.toHaveAttribute('data-run-id', before ?? '');
  await expect(app).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  await expect(page.getByTestId('summary')).toHaveAttribute('data-digest', ns3.digest);
});
