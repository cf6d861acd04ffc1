import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { openVillage, tableToScreen } from './helpers';

/** The designer's first hour (issue 18): each test does what a new user did and tripped over. */

mkdirSync('test-results/shots', { recursive: true });

async function drag(page: Page, from: [number, number], to: [number, number]) {
  const a = await tableToScreen(page, ...from);
  const b = await tableToScreen(page, ...to);
  await page.mouse.move(...a);
  await page.mouse.down();
  await page.mouse.move(...b, { steps: 6 });
  await page.mouse.up();
}

async function clickTable(page: Page, x: number, y: number) {
  const [sx, sy] = await tableToScreen(page, x, y);
  await page.mouse.click(sx, sy);
}

test('inspector: bounded by the table, errors in words, Enter hands the keys back', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page.getByRole('button', { name: 'New table' }).click();
  await page.keyboard.press('b');
  await drag(page, [8, 8], [12, 11]);
  await page.keyboard.press('v');
  await clickTable(page, 10, 9.5);
  const inspector = page.getByLabel('Inspector');
  await expect(inspector.getByRole('heading')).toContainText('building-1');
  const settled = () => expect(inspector).not.toHaveAttribute('data-pending', 'true');
  const width = inspector.getByLabel('Width', { exact: true });
  await expect(width).toHaveValue('4');

  // A building 99,999" wide is refused at the field, with the widest that fits.
  await width.fill('99999');
  await width.press('Enter');
  await settled();
  await expect(inspector.getByRole('alert')).toHaveText(
    /^Width must be at most 20 inches here: 99999 would put the building off the 36 × 24 inch table/,
  );
  await expect(width).toBeFocused();
  await width.press('Escape');
  await expect(width).toHaveValue('4');

  // x = -50 likewise.
  const x = inspector.getByLabel('X', { exact: true });
  await x.fill('-50');
  await x.press('Enter');
  await settled();
  await expect(inspector.getByRole('alert')).toHaveText(/^X must be at least 2 inches here/);
  await x.press('Escape');

  // Every other error is a sentence in the game's words.
  await width.fill('0');
  await width.press('Enter');
  await settled();
  await expect(inspector.getByRole('alert')).toHaveText('Width must be more than 0 inches');
  await width.fill('');
  await width.press('Enter');
  await settled();
  await expect(inspector.getByRole('alert')).toHaveText(
    /^Width is needed: enter a number of inches/,
  );
  await page.screenshot({ path: 'test-results/shots/inspector-error.png' });

  // A good value commits on Enter and the keyboard is the canvas's again: R picks the road tool
  // and the next clicks draw a road.
  await width.fill('5');
  await width.press('Enter');
  await settled();
  await expect(inspector.getByRole('alert')).toHaveCount(0);
  await expect(width).not.toBeFocused();
  await page.keyboard.press('r');
  await expect(page.getByRole('button', { name: 'Road', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await clickTable(page, 2, 20);
  await clickTable(page, 20, 20);
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-feature-id="road-1"]')).toBeVisible();
  expect(errors).toEqual([]);
});

test('menus by keyboard; Escape closes a menu and keeps the selection; fuzzy palette', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openVillage(page);
  await page.locator('[data-feature-id="tree-20"]').click();
  const inspector = page.getByLabel('Inspector');
  await expect(inspector.getByRole('heading')).toContainText('tree-20');

  // Escape closes an open menu, and only that: the tree stays selected.
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByRole('menu', { name: 'Edit' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(inspector.getByRole('heading')).toContainText('tree-20');

  // F10 opens the first menu; arrows walk along the bar and down the items.
  await page.keyboard.press('F10');
  await expect(page.getByRole('menu', { name: 'File' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('menu', { name: 'Edit' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('menu', { name: 'Help' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Alt+V opens View; a first letter jumps to its item; Enter runs it.
  const grid = page.locator('.statusbar').getByRole('checkbox').first();
  await expect(grid).toBeChecked();
  await page.keyboard.press('Alt+v');
  const view = page.getByRole('menu', { name: 'View' });
  await expect(view).toBeVisible();
  await page.keyboard.press('s');
  await expect(view.getByRole('menuitem', { name: /Show grid/ })).toBeFocused();
  await page.screenshot({ path: 'test-results/shots/menu-keyboard.png' });
  await page.keyboard.press('Enter');
  await expect(view).toBeHidden();
  await expect(grid).not.toBeChecked();
  await expect(inspector.getByRole('heading')).toContainText('tree-20');

  // The command palette forgives a missing letter: "playtst" finds Playtest.
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByLabel('Command', { exact: true }).fill('playtst');
  await expect(palette.getByRole('option').first()).toContainText('Playtest');
  await page.screenshot({ path: 'test-results/shots/palette-fuzzy.png' });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Start a playtest' })).toBeVisible();
  expect(errors).toEqual([]);
});
