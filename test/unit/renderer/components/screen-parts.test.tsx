// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TitledSection } from '@renderer/components/TitledSection';
import { NotAllowed, WriteArea } from '@renderer/components/WriteArea';

afterEach(cleanup);

describe('a titled section', () => {
  it('is a region named by its heading, with its test id and the heading id from one name', () => {
    render(
      <TitledSection name="withdrawal-rules" className="panel withdrawal-rules" title="Withdrawal rules">
        <p>Limits</p>
      </TitledSection>,
    );
    const section = screen.getByRole('region', { name: 'Withdrawal rules' });
    expect(section.getAttribute('data-testid')).toBe('withdrawal-rules');
    expect(section.className).toBe('panel withdrawal-rules');
    const heading = screen.getByRole('heading', { level: 2, name: 'Withdrawal rules' });
    expect(heading.id).toBe('withdrawal-rules-title');
    expect(heading.hasAttribute('class')).toBe(false);
    expect(section.textContent).toBe('Withdrawal rulesLimits');
  });

  it('takes a level-3 heading with its own class', () => {
    render(
      <TitledSection name="x" className="notice" level={3} titleClass="notice__title" title="Unknown">
        <p />
      </TitledSection>,
    );
    const heading = screen.getByRole('heading', { level: 3, name: 'Unknown' });
    expect(heading.className).toBe('notice__title');
    expect(screen.getByTestId('x').getAttribute('aria-labelledby')).toBe('x-title');
  });
});

describe('a screen’s write area', () => {
  it('offers the forms when main refuses nothing', () => {
    render(
      <WriteArea area="wallets" refused={null} className="wallets__create form-beside">
        <form aria-label="New wallet" />
      </WriteArea>,
    );
    expect(screen.getByRole('form', { name: 'New wallet' }).parentElement?.className).toBe(
      'wallets__create form-beside',
    );
    expect(screen.queryByTestId('wallets-not-allowed')).toBeNull();
  });

  it('offers only main’s words when it refuses, as a status', () => {
    render(
      <WriteArea area="wallets" refused="A viewer does not create wallets: ask an admin." className="x">
        <form aria-label="New wallet" />
      </WriteArea>,
    );
    expect(screen.queryByRole('form')).toBeNull();
    const notice = screen.getByRole('status');
    expect(notice.getAttribute('data-testid')).toBe('wallets-not-allowed');
    expect(notice.className).toBe('notice notice--info');
    expect(notice.textContent).toBe('A viewer does not create wallets: ask an admin.');
  });

  it('says why on its own where a screen keeps other parts beside it', () => {
    render(<NotAllowed area="reconcile" why="Only an admin closes a month." />);
    expect(screen.getByTestId('reconcile-not-allowed').textContent).toBe('Only an admin closes a month.');
  });
});
