import { expect, test } from '@playwright/test';

/** Where this spec leaves its screenshots, to be looked at. */
const SHOTS = 'test-results/lab-shots';

test('balance lab: pick styles, run a small lab in workers, read win shares, lengths and the heatmap', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page
    .getByRole('button', { name: /village/i })
    .filter({ hasNotText: /artillery|mirrored/i })
    .click();
  await expect(page.getByTestId('table-view')).toBeVisible();

  // The command and its shortcut open the lab on the open scenario.
  await page.keyboard.press('Shift+F5');
  const lab = page.getByRole('dialog', { name: 'Balance lab' });
  await expect(lab).toBeVisible();
  await expect(lab).toContainText('the village on the creek');
  await lab.getByLabel('Bot style for Side A (west)').selectOption('aggressive');
  await lab.getByLabel('Bot style for Side B (east)').selectOption('cautious');
  await lab.getByLabel('Games', { exact: true }).fill('4');
  await lab.getByLabel('Turn limit', { exact: true }).fill('2');
  await lab.getByRole('button', { name: 'Run', exact: true }).click();

  // A progress bar while the workers play; the editor behind stays responsive.
  const bar = lab.getByRole('progressbar', { name: 'Games played' });
  await expect(bar).toBeVisible();
  const results = lab.getByTestId('lab-results');
  await expect(results).toBeVisible({ timeout: 180_000 });
  await expect(bar).toHaveAttribute('aria-valuenow', '4');
  await expect(results).toContainText('4 games');
  const shares = results.getByRole('table', { name: 'Win shares' });
  await expect(shares).toContainText('Side A (west) wins (aggressive)');
  await expect(shares).toContainText('Side B (east) wins (cautious)');
  await expect(shares).toContainText('Draws');
  // Two-turn games all end at the limit: four draws of four, with their interval.
  await expect(shares.getByRole('row', { name: /Draws/ })).toContainText('100.0%');
  await expect(shares.getByRole('row', { name: /Draws/ })).toContainText('51.0% – 100.0%');
  // They ran out of turns, and the lab says so instead of letting the draws pass for balance.
  await expect(shares.getByRole('row', { name: /Undecided at the turn limit/ })).toContainText(
    '100.0%',
  );
  await expect(results.getByRole('note')).toContainText(
    '100% of games were still undecided when the turn limit came',
  );
  // What kept them from being won: per side's objective, what its taker lacked at the end, the
  // shares of the four games adding up to all of them.
  const lacking = results.getByRole('table', { name: 'What was lacking at the turn limit' });
  await expect(lacking).toContainText('What kept the 4 games the turn limit ended from being won');
  await expect(lacking).toContainText("Side A's objective: the north-east paddock");
  await expect(lacking).toContainText("Side B's objective: the south-west paddock");
  const counts = await lacking.locator('tbody td.num:not(.interval)').allTextContents();
  const games = counts.filter((c) => c.includes('/')).map((c) => Number(c.split('/')[0]));
  expect(games.reduce((a, b) => a + b, 0)).toBe(8);
  await expect(results).toContainText('Game length: mean 2.0 turns');
  // Losses by type name, not id (issue 38, item 6).
  const losses = results.getByRole('table', { name: 'Losses per game' });
  await expect(losses).not.toContainText('tp.');
  await expect(losses.getByRole('row')).not.toHaveCount(1);
  // The bots draw their flank bridge per game: the results split by each pair of plans.
  const plans = results.getByRole('table', { name: 'Results by plan' });
  await expect(plans).toContainText("Side A (west)'s plan");
  await expect(plans).toContainText(/by Bridge \d, (north|south)/);
  // A pair's own games: the list shows only them (as many as its row says), then all again.
  const firstPair = plans.getByRole('row').nth(1);
  const pairGames = await firstPair.getByRole('cell').nth(2).textContent();
  await firstPair.getByRole('button', { name: 'Its games' }).click();
  const gameList = results.locator('.lab-games summary');
  await expect(gameList).toContainText(`Games (${pairGames} of 4: Side A (west) by Bridge`);
  await expect(
    results.getByRole('group', { name: 'Games played, by seed' }).getByRole('button'),
  ).toHaveCount(Number(pairGames));
  await firstPair.getByRole('button', { name: 'All games' }).click();
  await expect(gameList).toContainText('Games (4): click one to replay it');
  const heat = results.getByTestId('lab-heatmap');
  await expect(heat).toBeVisible();
  await expect(results).toContainText("Where Side A (west)'s pieces fell");
  // Who held each side's objective at the end of turns 1 and 2, as a chart per objective.
  const control = results.getByTestId('lab-control');
  await expect(control.first()).toContainText('Who held');
  await expect(control.first().getByRole('img')).toHaveAttribute('aria-label', /turn 2: Side A/);
  // The run is saved next to the scenario (the browser keeps it under the scenario's name).
  await expect(results).toContainText('none saved yet');
  await results.getByRole('button', { name: 'Save results next to the scenario' }).click();
  await expect(results).toContainText(/Saved to .*\.lab\.json \(1 run kept\)/);
  await page.screenshot({ path: `${SHOTS}/results.png` });

  // The other layer redraws the map; Run again keeps the same seeds and so the same numbers.
  await results.getByRole('radio', { name: "Where Side B (east)'s pieces fell" }).check();
  await expect(results).toContainText("Where Side B (east)'s pieces fell:");
  await results.getByRole('radio', { name: "Where Side A (west)'s kills were made from" }).check();
  await expect(results).toContainText("Where Side A (west)'s kills were made from:");
  const before = await shares.textContent();

  // Cancel stops a long run and keeps what was played.
  await lab.getByLabel('Games', { exact: true }).fill('400');
  await lab.getByLabel('Turn limit', { exact: true }).fill('');
  await lab.getByRole('button', { name: 'Run again' }).click();
  await lab.getByRole('button', { name: 'Cancel' }).click();
  await expect(lab.getByTestId('lab-progress-text')).toContainText('(stopped)');
  await expect(results).toContainText('400 asked');

  // Saving the styles writes them into the scenario as one undo step.
  await lab.getByRole('button', { name: 'Save styles to the scenario' }).click();
  await expect(lab.getByRole('button', { name: 'Styles saved' })).toBeDisabled();
  await lab.getByRole('button', { name: 'Close' }).last().click();
  await expect(lab).toBeHidden();
  await page.keyboard.press('Shift+F5');
  await expect(
    page.getByRole('dialog', { name: 'Balance lab' }).getByLabel('Bot style for Side B (east)'),
  ).toHaveValue('cautious');
  expect(before).toContain('Side A (west) wins (aggressive)');

  // Reopened, the lab reads the saved run (validated against schemas/lab.schema.json) and compares
  // a new run with it; a game of the results opens in the playtest, replayed from its seed.
  const again = page.getByRole('dialog', { name: 'Balance lab' });
  await expect(again).toContainText('1 run saved');
  await again.getByLabel('Games', { exact: true }).fill('2');
  await again.getByLabel('Turn limit', { exact: true }).fill('1');
  await again.getByRole('button', { name: 'Run', exact: true }).click();
  const compare = again.getByTestId('lab-compare');
  await expect(compare).toBeVisible({ timeout: 120_000 });
  await expect(compare).toContainText('Against the run saved');
  await expect(compare).toContainText('(4 games)');
  await expect(compare).toContainText("Side A (west)'s win share stayed at 0%");
  // The same games by plans too: no pair of plans moved.
  await expect(compare).toContainText(
    "By plans: no side's win share moved beyond chance in any pair of plans",
  );
  // And what kept the games from being won when time ran out, then and now.
  await expect(compare).toContainText(/at the turn limit/i);
  await page.screenshot({ path: `${SHOTS}/compare.png` });
  await again.getByRole('button', { name: /^Seed 2: draw, turn 1/ }).click();
  await expect(again).toBeHidden({ timeout: 60_000 });
  await expect(page.getByTestId('game-result')).toContainText(/Draw/);
  await expect(page.getByTestId('playtest-log')).toContainText('Game over');
  await expect(page.getByText('Game loaded with warnings')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/replay.png` });
  expect(errors).toEqual([]);
});

test('balance lab on a hex map: TANK! contour hills charts who held the summit turn by turn', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page.getByRole('button', { name: /Contour hills/ }).click();
  await expect(page.getByTestId('forces-panel')).toBeVisible();
  await page.keyboard.press('Shift+F5');
  const lab = page.getByRole('dialog', { name: 'Balance lab' });
  await expect(lab).toContainText('Contour hills');
  await lab.getByLabel('Games', { exact: true }).fill('6');
  await lab.getByRole('button', { name: 'Run', exact: true }).click();
  const results = lab.getByTestId('lab-results');
  await expect(results).toContainText('6 games', { timeout: 90_000 });
  // The summit is side Alpha's to take and hold: a chart of who held it at each turn's end.
  const control = results.getByTestId('lab-control');
  await expect(control).toHaveCount(1);
  await expect(control).toContainText('Who held Summit of Hill 40');
  await expect(control.getByRole('img')).toHaveAttribute('aria-label', /turn 1: Alpha/);
  await page.screenshot({ path: `${SHOTS}/hex-control.png` });
  expect(errors).toEqual([]);
});

test('balance lab with draws and wins: who wins when somebody does, with its interval', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await page.getByRole('button', { name: /Your First Game/ }).click();
  await expect(page.getByTestId('table-view')).toBeVisible();
  await page.keyboard.press('Shift+F5');
  const lab = page.getByRole('dialog', { name: 'Balance lab' });
  await lab.getByLabel('Games', { exact: true }).fill('30');
  await lab.getByRole('button', { name: 'Run', exact: true }).click();
  const results = lab.getByTestId('lab-results');
  await expect(results).toContainText('30 games', { timeout: 90_000 });
  const shares = results.getByRole('table', { name: 'Win shares' });
  const decided = shares.getByRole('row', { name: /Decided/ });
  const count = Number((await decided.getByRole('cell').last().textContent())!.split('/')[0]);
  // Each side's share of the decided games: as many of them as were decided, in all.
  const rows = shares.getByRole('row', { name: /of them won by/ });
  await expect(rows).toHaveCount(2);
  let won = 0;
  for (const row of await rows.all()) {
    const [k, of] = (await row.getByRole('cell').last().textContent())!.split('/').map(Number);
    expect(of).toBe(count);
    won += k!;
  }
  expect(won).toBe(count);
  await page.screenshot({ path: `${SHOTS}/decided.png` });

  // Saved, then run on other seeds: the comparison says how the decided games' shares moved.
  await results.getByRole('button', { name: 'Save results next to the scenario' }).click();
  await expect(results).toContainText(/Saved to .*\.lab\.json/);
  // Not compared with itself: the comparison waits for the next run.
  await expect(lab.getByTestId('lab-compare')).toBeHidden();
  await lab.getByLabel('First seed', { exact: true }).fill('31');
  await lab.getByRole('button', { name: 'Run again', exact: true }).click();
  const compare = lab.getByTestId('lab-compare');
  await expect(compare).toBeVisible({ timeout: 90_000 });
  await expect(compare).toContainText(/Of the decided games, Soviet's share (stayed at|went from)/);
  await expect(compare).toContainText(
    /Of the decided games, American's share (stayed at|went from)/,
  );
});
