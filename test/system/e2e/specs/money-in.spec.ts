import { seriousViolations } from '../axe';
import { expect, testWithOwnHost as test } from '../fixtures';
import { axeBothThemes, scrollsSideways, shootBoth } from '../states';

const SIZES = [
  { width: 1280, height: 720 },
  { width: 960, height: 600 },
] as const;

test.describe('money in', () => {
  test('a Sandbox wallet deposit shows on Money in and on its wallet card; both themes, two sizes', async ({
    app,
    lazyHost,
  }) => {
    const control = (await lazyHost.get()).services.sandbox!.control;
    await app.getByTestId('nav-wallets').click();
    await app.getByTestId('wallet-pair').selectOption({ label: 'USDT · TRON (TRC-20)' });
    await app.getByTestId('wallet-label').fill('Front desk till');
    await app.getByTestId('wallet-create').click();
    await expect(app.getByTestId('wallet-result')).toContainText('Wallet created');
    const wallet = (control.wallets() as Array<{ id: unknown; type: string }>).find(
      (w) => w.type === 'static',
    )!;
    control.depositToWallet(String(wallet.id), { amount: '250' });
    control.depositToWallet(String(wallet.id), { amount: '12.5' });

    await expect(app.getByTestId('toast').filter({ hasText: 'Deposit received' }).first()).toContainText(
      '250 USDT',
    );
    // The toasts said their piece; dismissed so the pictures show what is under them.
    const toasts = app.getByTestId('toast');
    while ((await toasts.count()) > 0)
      await toasts
        .first()
        .getByRole('button', { name: /Dismiss/ })
        .click();
    const card = app.getByTestId('wallet-deposits').first();
    await expect(card).toContainText('2 deposits, 262.5 USDT in all');
    for (const size of SIZES) {
      await app.setViewportSize(size);
      await card.scrollIntoViewIfNeeded();
      await shootBoth(app, `money-in-wallet-card-${size.width}x${size.height}`);
    }

    await app.getByTestId('nav-money-in').click();
    const screen = app.getByTestId('money-in-screen');
    await expect(screen).toHaveAttribute('data-state', 'ready');
    await expect(app.getByTestId('money-in-row')).toHaveCount(2);
    await expect(app.getByTestId('money-in-row').first()).toContainText('USDT · TRON (TRC-20)');
    await expect(app.getByTestId('money-in-count')).toHaveText('2 credits.');
    for (const size of SIZES) {
      await app.setViewportSize(size);
      expect(await axeBothThemes(app, seriousViolations)).toEqual({ light: [], dark: [] });
      expect(await scrollsSideways(app)).toBe(false);
      await shootBoth(app, `money-in-ready-${size.width}x${size.height}`);
    }

    await app.getByTestId('money-in-filter-kind').selectOption('invoice-payment');
    await expect(screen).toHaveAttribute('data-state', 'empty');
    await expect(screen).toContainText('Nothing matches these filters.');
  });
});
