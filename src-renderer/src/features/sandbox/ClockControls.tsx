import { useId, useState } from 'react';
import type { ClockUnit } from '@contract';
import { Field } from '../../components/forms/Field';
import { formatZonedDateTime } from '../../lib/zoned-time';
import { ActionButton, ControlGroupPanel, ResultLine } from './ControlParts';
import { useSandboxControls } from './sandbox-store';
import { bindValue } from '../../components/forms/bind';
import { aheadWords } from './clock-words';

const UNITS: readonly ClockUnit[] = ['seconds', 'minutes', 'hours', 'days'];

/**
 * Moves the Sandbox's own time ahead or back (invoices expire, withdrawals move on), sends a test
 * webhook, doubles deliveries. The Sandbox's time never counts as this computer's clock being off.
 */
export function ClockControls() {
  const status = useSandboxControls((s) => s.status);
  const busy = useSandboxControls((s) => !!s.busy.clock);
  const act = useSandboxControls((s) => s.act);
  const id = useId();
  const [amount, setAmount] = useState('15');
  const [unit, setUnit] = useState<ClockUnit>('minutes');
  const [error, setError] = useState<string | undefined>();

  const move = (direction: 'ahead' | 'back') => {
    const n = /^\d+$/.test(amount.trim()) ? Number(amount.trim()) : 0;
    setError(n >= 1 && n <= 100_000 ? undefined : 'Enter a whole number from 1 to 100000.');
    if (n >= 1 && n <= 100_000) void act('clock', { action: 'advance-clock', amount: n, unit, direction });
  };
  const duplicates = status?.duplicateWebhooks ?? false;
  const ahead = status?.aheadMs ?? 0;

  return (
    <ControlGroupPanel group="clock" onSubmit={() => move('ahead')}>
      <p data-testid="sandbox-clock">
        Sandbox time:{' '}
        {status ? <time dateTime={status.clock}>{formatZonedDateTime(status.clock)}</time> : '…'}
        {status && <span className="muted"> ({aheadWords(ahead)})</span>}
      </p>
      <div className="form--row">
        <Field
          id={`${id}-amount`}
          label="Move by"
          inputMode="numeric"
          {...bindValue(amount, setAmount)}
          error={error}
        />
        <div className="field">
          <label htmlFor={`${id}-unit`}>Unit</label>
          <select id={`${id}-unit`} value={unit} onChange={(e) => setUnit(e.target.value as ClockUnit)}>
            {UNITS.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          Move ahead
        </button>
        <button type="button" className="button" disabled={busy || ahead === 0} onClick={() => move('back')}>
          Move back
        </button>
        <ActionButton group="clock" action={{ action: 'clock-to-now' }} disabled={ahead === 0}>
          Set to the real time
        </ActionButton>
      </div>
      <div className="form__actions">
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
