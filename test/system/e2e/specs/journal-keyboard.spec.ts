import type { Page } from '@playwright/test';
import { fakeJournalPage } from '@test/bench/renderer/fake-journal';
import { expect, test } from '../fixtures';

const ENTRIES = 400;

/** Where the focused row sits in the list's scroll box, against the sticky header above it. */
async function focusedRowPlace(app: Page) {
  return app.evaluate(() => {
    const row = document.activeElement?.closest('tr');
    const box = document.querySelector('[data-testid="journal-list"] .table-wrap');
    const header = box?.querySelector('thead');
    if (!row || !box || !header) return null;
    const shown = box.getBoundingClientRect();
    return {
      index: Number((document.activeElement as HTMLElement).dataset.index),
      rowTop: row.getBoundingClientRect().top,
      rowBottom: row.getBoundingClientRect().bottom,
      visibleTop: header.getBoundingClientRect().bottom,
      visibleBottom: shown.top + box.clientTop + box.clientHeight,
    };
  });
}

async function expectFocusedRowInView(app: Page, index: number) {
  await expect.poll(async () => (await focusedRowPlace(app))?.index).toBe(index);
  const place = (await focusedRowPlace(app))!;
  // Whole, below the sticky header and above the box's bottom edge: what has focus can be seen.
  expect(place.rowTop, `row ${index} under the header`).toBeGreaterThanOrEqual(place.visibleTop - 0.5);
  expect(place.rowBottom, `row ${index} below the list`).toBeLessThanOrEqual(place.visibleBottom + 0.5);
}

test.describe('journal keyboard', () => {
  test('arrow keys, End and Home keep the focused row whole in view, never under the sticky header', async ({
    app,
  }, testInfo) => {
    test.skip(
      testInfo.project.name === 'electron',
      'the journal pages are served through the browser test host',
    );
    // A long journal, answered as main answers (same request and answer schema), so the list scrolls.
    await app.route('**/__host/ipc/journal:page', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as { payload?: unknown };
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ ok: true, data: fakeJournalPage(ENTRIES, body.payload) }),
      });
    });
    await app.getByTestId('nav-journal').click();
    await expect(app.getByTestId('journal-screen')).toHaveAttribute('data-state', 'ready');
    await app.locator('[data-testid="journal-list"] button[data-index="0"]').focus();

    for (let index = 1; index <= 30; index++) {
      await app.keyboard.press('ArrowDown');
      await expectFocusedRowInView(app, index);
    }
    await app.keyboard.press('End');
    await expectFocusedRowInView(app, ENTRIES - 1);
    for (let index = ENTRIES - 2; index >= ENTRIES - 31; index--) {
      await app.keyboard.press('ArrowUp');
      await expectFocusedRowInView(app, index);
    }
    await app.keyboard.press('Home');
    await expectFocusedRowInView(app, 0);
  });
});
