import { expect, test } from '@playwright/test';
import { screenOf, clickTable, hoverTable, watchCamera, cameraLags } from './playtestBoard';

/** Where this spec leaves its screenshots, one per step, to be looked at. */
const SHOTS = 'test-results/tanks-shots';

test('TANKS hot-seat: Your First Game, activations in Initiative order, a shot with its exact odds', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page
    .getByRole('button', { name: /your first game/i })
    .first()
    .click();
  await expect(page.getByTestId('table-view')).toBeVisible();
  await page.keyboard.press('F5');
  await expect(page.getByRole('dialog', { name: 'Start a playtest' })).toBeVisible();
  await page.getByTestId('seed').fill('3');
  await page.getByRole('button', { name: 'Start playtest' }).click();
  // One person tests both sides: no hand-over screen.
  await page.getByLabel('Hand-over screen').uncheck();
  await page.screenshot({ path: `${SHOTS}/01-start.png` });

  // Movement, lowest Initiative first: the T-64 (4) before the M1 (6). Drag it along the arrow.
  const panel = page.getByTestId('todo');
  await expect(panel).toContainText('Now acting (1): T-64');
  const [fx, fy] = await screenOf(page, 12, 2.7);
  const [tx, ty] = await screenOf(page, 14, 6);
  await page.mouse.move(fx, fy);
  await page.mouse.down();
  await page.mouse.move((fx + tx) / 2, (fy + ty) / 2, { steps: 4 });
  await page.mouse.move(tx, ty, { steps: 4 });
  await page.screenshot({ path: `${SHOTS}/02-arrow.png` });
  await page.mouse.up();
  const log = page.getByTestId('playtest-log');
  await expect(log).toContainText('T-64 move 1');
  await page.getByRole('button', { name: 'Stop here' }).click();
  await expect(panel).toContainText('Now acting (1): M1 Abrams');
  await page.getByRole('button', { name: 'Stay put (Stationary)' }).click();

  // Shooting, highest Initiative first: the M1 shoots. Hover the T-64 for sight, cover and odds.
  await expect(page.getByTestId('phase-tracker')).toContainText('Shooting');
  await expect(panel).toContainText('Now acting (1): M1 Abrams');
  await hoverTable(page, 13, 5);
  await expect(page.getByTestId('los')).toContainText('Line of sight clear');
  await expect(page.getByTestId('fire-preview')).toContainText('Attack: 4 dice');
  await expect(page.getByTestId('fire-preview')).not.toContainText('Attack: Attack');
  // The range (between the bases) differs from the sight line's length; the panel says why.
  await expect(page.getByTestId('range-note')).toContainText('nearest edges');
  await expect(page.getByTestId('odds')).toContainText('expected damage');
  await page.screenshot({ path: `${SHOTS}/03-odds.png` });

  // Fire: the attack and defence dice, what they cancel and the damage show in the result.
  await clickTable(page, 13, 5);
  const result = page.getByTestId('last-result');
  await expect(result).toContainText(/M1 Abrams shoots T-64: Attack, 4 dice/);
  await expect(result).toContainText(/T-64 defends with 2 dice/);
  await expect(result.locator('.die').first()).toHaveText(/^[1-6]$/);
  // When both kinds get through and the defence has a choice, the side whose dice they are
  // chooses on the model's panel.
  const choice = page.getByRole('button', { name: /cancel \d Critical/ }).first();
  while (await choice.isVisible()) await choice.click();
  await page.screenshot({ path: `${SHOTS}/04-shot.png` });
  await expect(log).toContainText('M1 Abrams shoots T-64');

  // The T-64 holds fire; the Command phase rolls for Advantage and turn 2 begins.
  await expect(panel).toContainText('Now acting (1): T-64');
  await page.getByRole('button', { name: 'Hold fire' }).click();
  await expect(page.getByTestId('turn')).toHaveText(/Turn 2/);
  await expect(log).toContainText('Advantage roll');
  await page.screenshot({ path: `${SHOTS}/05-turn-2.png` });
  expect(errors).toEqual([]);
});

test('TANKS against the bot: the American bot plays its activations, the person the Soviets', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page
    .getByRole('button', { name: /your first game/i })
    .first()
    .click();
  await expect(page.getByTestId('table-view')).toBeVisible();
  await page.keyboard.press('F5');
  await page.getByLabel('American bot').check();
  await page.getByTestId('seed').fill('5');
  await page.getByRole('button', { name: 'Start playtest' }).click();
  const panel = page.getByTestId('todo');
  await expect(panel).toContainText('Now acting (1): T-64');
  await page.getByRole('button', { name: 'Defensive Measures: Speed 2' }).click();
  // The bot moves the M1 by itself; then shooting comes back to the person or the bot.
  const log = page.getByTestId('playtest-log');
  await expect(log).toContainText(
    /M1 Abrams (move 1|takes Defensive Measures|.*Stationary)|Shooting phase/,
  );
  await expect(page.getByTestId('phase-tracker')).toContainText('Shooting');
  await page.screenshot({ path: `${SHOTS}/06-vs-bot.png` });
  expect(errors).toEqual([]);
});

test('TANKS deployment: Alpha 66 places the Soviet tanks first, by a click in their zone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page
    .getByRole('button', { name: /alpha 66/i })
    .first()
    .click();
  await expect(page.getByTestId('table-view')).toBeVisible();
  await page.keyboard.press('F5');
  await page.getByLabel('American bot').check();
  await page.getByRole('button', { name: 'Start playtest' }).click();
  const panel = page.getByTestId('todo');
  await expect(panel).toContainText('Now acting (1): T-64 no. 2');
  await expect(page.getByTestId('reach-legend')).toContainText('within one Measuring Arrow');
  // Outside the zone is refused with the rule; inside it places the tank.
  await clickTable(page, 10, 18);
  await expect(page.getByTestId('playtest-message')).toContainText('TK-2.6');
  await clickTable(page, 8, 33);
  const log = page.getByTestId('playtest-log');
  await expect(log).toContainText('T-64 no. 2 deploys at (8.0, 33.0)');
  await expect(panel).toContainText('Now acting (1): T-64 no. 3');
  await clickTable(page, 20, 33);
  // Then the American bot deploys Alpha 66 and the game goes on to turn 1.
  await expect(log).toContainText('Alpha 66 deploys');
  await expect(page.getByTestId('turn')).toHaveText(/Turn 1/);
  await page.screenshot({ path: `${SHOTS}/07-alpha66-deployed.png` });
  expect(errors).toEqual([]);
});

test('TANKS Air Cover: helicopters deploy, a Sharpshooter chooses Criticals or Hits (TK-6.12), the game clock ends the game (TK-G8)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // A fake clock, so the hour of the time limit passes in a moment.
  await page.clock.install();
  await page.goto('/');
  await page
    .getByRole('button', { name: /air cover/i })
    .first()
    .click();
  await expect(page.getByTestId('table-view')).toBeVisible();
  await page.keyboard.press('F5');
  const setup = page.getByRole('dialog', { name: 'Start a playtest' });
  await expect(setup).toContainText('Play to the time limit: 60:00 for the whole game (TK-G8)');
  await page.getByTestId('clock').check();
  await page.getByTestId('seed').fill('4');
  await page.getByRole('button', { name: 'Start playtest' }).click();
  await page.getByLabel('Hand-over screen').uncheck();
  const clock = page.getByTestId('phase-clock');
  await expect(clock).toContainText(/^(60:00|59:\d\d)/);

  // The Defender chooses its table edge first (TK-2.4): it keeps the scenario's.
  const panel = page.getByTestId('todo');
  const log = page.getByTestId('playtest-log');
  await expect(page.getByTestId('phase-tracker')).toContainText('TK-2.4');
  await page.screenshot({ path: `${SHOTS}/08-edge-choice.png` });
  await page.getByRole('button', { name: /^Keep the (north|south) edge/ }).click();
  await expect(log).toContainText(/\(Defender\) takes the (north|south) edge/);
  // Deployment in Initiative order, each by a click in its own edge strip.
  for (const [who, x, y] of [
    ['T-64', 18, 3],
    ['M1 Abrams', 18, 33],
    ['Hind', 14, 3],
    ['Cobra', 14, 33],
  ] as const) {
    await expect(panel).toContainText(`Now acting (1): ${who}`);
    await clickTable(page, x, y);
    await expect(log).toContainText(`${who} deploys`);
  }
  // Nobody moves.
  for (const who of ['T-64', 'M1 Abrams', 'Hind', 'Cobra']) {
    await expect(panel).toContainText(`Now acting (1): ${who}`);
    await page.getByRole('button', { name: 'Stay put (Stationary)' }).click();
  }
  // The Cobra shoots first and rolls two Criticals: its crew may make each of them two Hits.
  await expect(page.getByTestId('phase-tracker')).toContainText('Shooting');
  await expect(panel).toContainText('Now acting (1): Cobra');
  await hoverTable(page, 18, 3);
  await expect(page.getByTestId('odds')).toContainText('expected damage');
  await clickTable(page, 18, 3);
  await expect(page.getByTestId('phase-tracker')).toContainText('TK-6.12');
  await expect(page.getByRole('button', { name: 'Keep all 2 Criticals' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/09-criticals-or-hits.png` });
  await page.getByRole('button', { name: 'Turn 1 Critical into two Hits each' }).click();
  await expect(log).toContainText('Cobra turns 1 of 2 Criticals into two Hits each');
  await expect(log).toContainText('T-64 defends');

  // The hour runs out: the game ends at once, scored as a time-out.
  await page.clock.fastForward('01:00:00');
  await expect(log).toContainText('the 60-minute time limit ran out');
  await page.screenshot({ path: `${SHOTS}/10-time-up.png` });
  expect(errors).toEqual([]);
});

test('TANKS objective tokens placed in the game (TK-9): Free-for-All on Air Cover, each side clicks where its token goes', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page
    .getByRole('button', { name: /air cover/i })
    .first()
    .click();
  await expect(page.getByTestId('table-view')).toBeVisible();
  // The Soviets attack; the tokens get no position in the editor.
  await page.getByRole('tab', { name: 'Objectives' }).click();
  const objectives = page.getByTestId('objectives-panel');
  await objectives.getByLabel('Mission preset').selectOption('tanks.freeForAll.inGame');
  await objectives.getByRole('button', { name: 'Apply' }).click();
  await expect(objectives).toContainText('Playing Free-for-All');
  await page.keyboard.press('F5');
  await page.getByRole('button', { name: 'Start playtest' }).click();
  await page.getByLabel('Hand-over screen').uncheck();
  const log = page.getByTestId('playtest-log');
  const tracker = page.getByTestId('phase-tracker');
  // The American Defender keeps its south edge (TK-2.4), then the Soviet token goes down first.
  await page.getByTestId('todo').getByRole('button', { name: 'M1 Abrams' }).click();
  await page.getByRole('button', { name: /^Keep the south edge/ }).click();
  await expect(tracker).toContainText('TK-9');
  await expect(page.getByTestId('reach-legend')).toContainText("American's edge (TK-9)");
  // The middle of the table is refused with the rule and the distance.
  await clickTable(page, 18, 18);
  await expect(page.getByTestId('playtest-message')).toContainText('TK-9');
  await expect(page.getByTestId('playtest-message')).toContainText('from it');
  await clickTable(page, 12, 33);
  await expect(log).toContainText('Soviet places');
  await page.screenshot({ path: `${SHOTS}/11-objective-placed.png` });
  await clickTable(page, 24, 3);
  await expect(log).toContainText('American places');
  // Deployment follows, and the two tokens are on the board.
  await expect(tracker).toContainText('TK-2.5');
  await expect(page.getByTestId('objectives')).toContainText('not held');
  await page.screenshot({ path: `${SHOTS}/12-objectives-down.png` });
  expect(errors).toEqual([]);
});

test('TANKS terrain placed by the players (TK-2.2, TK-2.3): roll-off, pieces put down by clicks, one refused', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page
    .getByRole('button', { name: /terrain placed by the players/i })
    .first()
    .click();
  await expect(page.getByTestId('table-view')).toBeVisible();
  // The designer's switch: the Rules tab's optional rule, on in this scenario.
  await page.getByRole('tab', { name: /^Rules/ }).click();
  const rules = page.getByTestId('rules-panel');
  await expect(rules.getByLabel('Terrain placed by the players')).toBeChecked();
  await expect(rules).toContainText('TK-2.2');
  await page.screenshot({ path: `${SHOTS}/13-terrain-rules-tab.png` });
  await page.keyboard.press('F5');
  await page.getByTestId('seed').fill('1');
  await page.getByRole('button', { name: 'Start playtest' }).click();
  await page.getByLabel('Hand-over screen').uncheck();
  // The tracker's line wraps for "American to act" and not for "Soviet to act", so the board
  // changes size each time the placing side changes; the camera must follow in the same step, or a
  // click aimed at once (after an Undo) lands 0.35" off and is refused.
  await watchCamera(page, { width: 36, height: 36 });
  const log = page.getByTestId('playtest-log');
  const tracker = page.getByTestId('phase-tracker');
  const message = page.getByTestId('playtest-message');
  await expect(tracker).toContainText('TK-2.2');
  await page.screenshot({ path: `${SHOTS}/13-terrain-roll-off.png` });
  // The roll-off, on the asked model's panel; the log shows both dice.
  await page.getByRole('button', { name: /^Roll off for the terrain/ }).click();
  await expect(log).toContainText('Roll-off for the terrain');
  await expect(page.getByTestId('reach-legend')).toContainText('(TK-2.3)');
  // Too near the north edge: the pointer already says why, and the click is refused with the
  // rule and the measured gap.
  const preview = page.getByTestId('move-preview');
  await hoverTable(page, 18, 4);
  await expect(preview).toContainText('from the north edge');
  await clickTable(page, 18, 4);
  await expect(message).toContainText('TK-2.3');
  await expect(message).toContainText('from the north edge');
  // The forests, then the Farmhouse turned a quarter (two 45° turns), each by a click; the
  // pointer shows the piece's outline where it would go.
  await hoverTable(page, 18, 9);
  await expect(preview).toContainText('places Forest Birch wood here');
  await page.screenshot({ path: `${SHOTS}/13-terrain-hover.png` });
  await clickTable(page, 18, 9);
  await expect(log).toContainText('places Forest Birch wood');
  // The next piece is the other side's: the pointer shows it before the click.
  await hoverTable(page, 18, 27);
  await expect(preview).toContainText(/places .*Pine forest here/);
  await clickTable(page, 18, 27);
  await expect(log).toContainText('places Pine forest');
  const turn = page.getByRole('button', { name: /45° clockwise/ });
  await turn.click();
  await expect(log).toContainText('turns Building Farmhouse to 45°');
  // Turned 45°, its corner comes too near the west edge; the second turn, from the keyboard with
  // the pointer still, redraws the outline where it fits.
  await hoverTable(page, 7.5, 8);
  await expect(preview).toContainText('Farmhouse would lie 5.1" from the west edge');
  await turn.press('Enter');
  await expect(page.getByTestId('reach-legend')).toContainText('turned 90°');
  await expect(preview).toContainText('places Building Farmhouse here');
  await page.screenshot({ path: `${SHOTS}/14-terrain-turned-preview.png` });
  await clickTable(page, 7.5, 8);
  await expect(log).toContainText('places Building Farmhouse at (7.5, 8.0) turned 90°');
  // Undo takes the piece back off the table (still turned); a click puts it down again. The
  // board is the Soviet's again, a tracker line shorter: a click at once lands where aimed.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(log).not.toContainText('places Building Farmhouse');
  await expect(page.getByTestId('reach-legend')).toContainText('Farmhouse');
  await expect(page.getByTestId('reach-legend')).toContainText('turned 90°');
  expect(await cameraLags(page)).toEqual([]);
  await clickTable(page, 7.5, 8);
  await expect(log).toContainText('places Building Farmhouse at (7.5, 8.0) turned 90°');
  await page.screenshot({ path: `${SHOTS}/14-terrain-placing.png` });
  // The rest by the engine's choice; then turn 1 begins with all six pieces on the table.
  for (let i = 0; i < 3; i++)
    await page.getByRole('button', { name: /^Let the engine place/ }).click();
  await expect(log).toContainText('passes; the engine places Building Cottage');
  await expect(tracker).toContainText('TK-4.1');
  await page.screenshot({ path: `${SHOTS}/15-terrain-down.png` });
  expect(await cameraLags(page)).toEqual([]);
  expect(errors).toEqual([]);
});
