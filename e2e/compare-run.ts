// Shared by the A/B compare specs: run the comparison on screen to its end and wait for the
// final difference table.
import { type Page, expect } from '@playwright/test';

export async function runCompareToEnd(page: Page, timeout = 45_000): Promise<void> {
  const run = page.getByTestId('compare-run');
  await expect(run).toBeEnabled();
  await run.click();
  await expect(page.getByTestId('compare')).toHaveAttribute('data-state', 'finished', { timeout });
  await expect(page.getByTestId('compare-diff')).toHaveAttribute('data-final', 'true');
}
