// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bindValue } from '@renderer/components/forms/bind';
import { ChoiceOptions, Field, SelectField, TextAreaField } from '@renderer/components/forms/Field';
import { MoneySubmit } from '@renderer/components/forms/FormActions';
import { FormPanel } from '@renderer/components/forms/FormPanel';
import { InlineForm } from '@renderer/components/forms/InlineForm';
import { OutcomeRegion } from '@renderer/components/forms/OutcomeRegion';
import { BusyButton, RunButton, SubmitButton } from '@renderer/components/forms/SubmitButton';

afterEach(cleanup);

const LIVE = {
  id: 'acme',
  baseUrl: 'https://api.acme.example',
  name: 'Acme EU',
  environment: 'live' as const,
  merchantId: 'm1',
};

describe('the field frame', () => {
  it('ties the label to the control and names the hint and the error in aria-describedby', () => {
    const { rerender } = render(<Field id="amount" label="Amount" hint="At least 5 USD." />);
    const input = screen.getByLabelText('Amount');
    expect(input.id).toBe('amount');
    expect(input.getAttribute('aria-describedby')).toBe('amount-hint');
    expect(input.hasAttribute('aria-invalid')).toBe(false);

    rerender(<Field id="amount" label="Amount" hint="At least 5 USD." error="Enter an amount." />);
    expect(input.getAttribute('aria-describedby')).toBe('amount-hint amount-error');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('amount-error')?.textContent).toBe('Enter an amount.');
    expect(input.closest('.field')?.className).toBe('field field--invalid');
  });

  it('lets a hint give way to the error when asked, and says nothing when there is neither', () => {
    const { rerender } = render(
      <SelectField
        id="pair"
        label="Coin and network"
        hint="Only open pairs."
        error="Choose one."
        hintGivesWay
      >
        <ChoiceOptions empty="Choose…" choices={[{ value: 'usdt:tron', label: 'USDT · TRON' }]} />
      </SelectField>,
    );
    const select = screen.getByLabelText('Coin and network');
    expect(select.getAttribute('aria-describedby')).toBe('pair-error');
    expect(document.getElementById('pair-hint')).toBeNull();
    expect(Array.from(select.querySelectorAll('option')).map((o) => [o.value, o.textContent])).toEqual([
      ['', 'Choose…'],
      ['usdt:tron', 'USDT · TRON'],
    ]);

    rerender(
      <SelectField id="pair" label="Coin and network" fieldClass="extra">
        <ChoiceOptions choices={[]} />
      </SelectField>,
    );
    expect(select.hasAttribute('aria-describedby')).toBe(false);
    expect(select.closest('.field')?.className).toBe('field extra');
  });

  it('hands what is typed to the setter through bindValue', () => {
    function Reason() {
      const [reason, setReason] = useState('');
      return (
        <>
          <TextAreaField label="Reason" {...bindValue(reason, setReason)} />
          <output>{reason}</output>
        </>
      );
    }
    render(<Reason />);
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'not a duplicate' } });
    expect(screen.getByRole('status').textContent).toBe('not a duplicate');
  });
});

describe('the form panel and its buttons', () => {
  it('names the form by its heading, never reloads, and runs the handler once per submit', () => {
    const onSubmit = vi.fn();
    render(
      <FormPanel
        title="New invoice"
        intro="Expires after 24 hours."
        onSubmit={onSubmit}
        className="form"
        testId="f"
      >
        <MoneySubmit profile={LIVE} busy={false} busyText="Creating invoice…" testId="go">
          Create invoice
        </MoneySubmit>
      </FormPanel>,
    );
    const form = screen.getByTestId('f');
    expect(screen.getByRole('form', { name: 'New invoice' })).toBe(form);
    expect(form.hasAttribute('novalidate')).toBe(true);
    const submitted = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submitted);
    expect(submitted.defaultPrevented).toBe(true);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    // The environment line stands after the money form's one button, in the same row.
    const actions = form.querySelector('.form__actions');
    expect(actions?.firstElementChild).toBe(screen.getByTestId('go'));
    expect(screen.getByTestId('go').getAttribute('type')).toBe('submit');
    expect(actions?.lastElementChild?.className).toContain('env-note--live');
  });

  it('keeps a pending money button focusable: aria-disabled, not disabled, and says what it is doing', () => {
    const { rerender } = render(
      <SubmitButton busy={false} busyText="Creating wallet…" testId="go">
        Create wallet
      </SubmitButton>,
    );
    const button = screen.getByTestId('go');
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    rerender(
      <SubmitButton busy busyText="Creating wallet…" testId="go">
        Create wallet
      </SubmitButton>,
    );
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.textContent).toBe('Creating wallet…');
  });

  it('disables a busy non-money button and keeps its words when it has no busy words', () => {
    render(
      <BusyButton busy className="button" testId="b">
        Mark reviewed
      </BusyButton>,
    );
    const button = screen.getByTestId('b');
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.textContent).toBe('Mark reviewed');
  });

  it('runs its action on a click as a plain button, and is off while busy or when told', () => {
    const run = vi.fn(() => Promise.resolve());
    const { rerender } = render(
      <RunButton busy={false} run={run} testId="r">
        Save draft
      </RunButton>,
    );
    const button = screen.getByTestId('r') as HTMLButtonElement;
    expect(button.type).toBe('button');
    expect(button.className).toBe('button');
    fireEvent.click(button);
    expect(run).toHaveBeenCalledOnce();

    rerender(
      <RunButton busy busyText="Saving…" run={run} testId="r">
        Save draft
      </RunButton>,
    );
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.textContent).toBe('Saving…');

    rerender(
      <RunButton busy={false} disabled className="button button--primary" run={run} testId="r">
        Publish…
      </RunButton>,
    );
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('false');
    expect(button.className).toBe('button button--primary');
    fireEvent.click(button);
    expect(run).toHaveBeenCalledOnce();
  });
});

describe('an inline form', () => {
  it('is named by its label, never reloads, and runs its handler once per submit', () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    render(
      <InlineForm className="team-code" label="Enroll a desk" onSubmit={onSubmit}>
        <button type="submit">Make a code</button>
      </InlineForm>,
    );
    const form = screen.getByRole('form', { name: 'Enroll a desk' });
    expect(form.className).toBe('team-code');
    const event = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});

describe('the outcome region', () => {
  it('takes focus when a new outcome arrives, not for the one already shown', () => {
    const { rerender } = render(
      <OutcomeRegion outcome={'old' as string | null} className="r" testId="r">
        {(o) => <p>{o}</p>}
      </OutcomeRegion>,
    );
    const region = screen.getByTestId('r');
    expect(document.activeElement).not.toBe(region);
    rerender(
      <OutcomeRegion outcome={'new' as string | null} className="r" testId="r">
        {(o) => <p>{o}</p>}
      </OutcomeRegion>,
    );
    expect(document.activeElement).toBe(region);
    expect(region.textContent).toBe('new');
  });
});
