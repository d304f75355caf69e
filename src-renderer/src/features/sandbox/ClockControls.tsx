import { useId, useState } from 'react';
import { Field } from '../../components/forms/Field';
import { formatZonedDateTime } from '../../lib/zoned-time';
import { ActionButton, ControlGroupPanel, ResultLine } from './ControlParts';
import { useSandboxControls } from './sandbox-store';
import { bindValue } from '../../components/forms/bind';

/** Moves the sandbox clock (invoices expire, withdrawals progress), sends a test webhook, doubles deliveries. */
export function ClockControls() {
  const status = useSandboxControls((s) => s.status);
  const busy = useSandboxControls((s) => !!s.busy.clock);
  const act = useSandboxControls((s) => s.act);
  const id = useId();
  const [amount, setAmount] = useState('15');
  const [unit, setUnit] = useState<'seconds' | 'minutes'>('minutes');
  const [error, setError] = useState<string | undefined>();

  const advance = () => {
    const n = /^\d+$/.test(amount.trim()) ? Number(amount.trim()) : 0;
    setError(n >= 1 && n <= 100_000 ? undefined : 'Enter a whole number from 1 to 100000.');
    if (n >= 1 && n <= 100_000) void act('clock', { action: 'advance-clock', amount: n, unit });
  };
  const duplicates = status?.duplicateWebhooks ?? false;

  return (
    <ControlGroupPanel
      group="clock"
      title="Clock & webhooks"
      intro="Jump ahead in time so invoices expire and withdrawals move on; check that webhooks arrive."
      onSubmit={advance}
    >
      <p data-testid="sandbox-clock">
        Sandbox time:{' '}
        {status ? <time dateTime={status.clock}>{formatZonedDateTime(status.clock)}</time> : '…'}
      </p>
      <div className="form--row">
        <Field
          id={`${id}-amount`}
          label="Advance by"
          inputMode="numeric"
          {...bindValue(amount, setAmount)}
          error={error}
        />
        <div className="field">
          <label htmlFor={`${id}-unit`}>Unit</label>
          <select
            id={`${id}-unit`}
            value={unit}
            onChange={(e) => setUnit(e.target.value as 'seconds' | 'minutes')}
          >
            <option value="seconds">seconds</option>
            <option value="minutes">minutes</option>
          </select>
        </div>
      </div>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          Advance clock
        </button>
        <ActionButton group="clock" action={{ action: 'send-test-webhook' }}>
          Send test webhook
        </ActionButton>
        <ActionButton
          group="clock"
          action={{ action: 'duplicate-webhooks', enabled: !duplicates }}
          pressed={duplicates}
          disabled={!status}
        >
          Deliver every webhook twice: {duplicates ? 'on' : 'off'}
        </ActionButton>
      </div>
      <ResultLine group="clock" what="The clock or webhook action" />
    </ControlGroupPanel>
  );
}
