import { useId, useState } from 'react';
import type { FaultKind, FaultOperation } from '@contract';
import { Field } from '../../components/forms/Field';
import { ActionButton, ControlGroupPanel, ResultLine } from './ControlParts';
import { FAULT_LABELS, faultLabel, OPERATION_LABELS, operationLabel } from './fault-words';
import { useSandboxControls } from './sandbox-store';
import { bindValue } from '../../components/forms/bind';

const whole = (value: string): number | null => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : null);

// A stable empty list: a selector that returned a new [] on every call would re-render forever.
const NO_FAULTS: never[] = [];

function PendingFaults() {
  const faults = useSandboxControls((s) => s.status?.faults) ?? NO_FAULTS;
  if (faults.length === 0)
    return <p data-testid="sandbox-faults-none">No faults waiting: every request is answered normally.</p>;
  return (
    <>
      <h3>Waiting faults</h3>
      <ul className="sandbox-faults" data-testid="sandbox-faults">
        {faults.map((f, i) => (
          <li key={`${f.operation}-${f.fault}-${i}`}>
            {operationLabel(f.operation)}: {faultLabel(f.fault)}
            {f.retryAfterSeconds !== undefined && `, retry after ${f.retryAfterSeconds} s`}
            {f.delayMs !== undefined && `, ${f.delayMs} ms`} — next{' '}
            {f.remaining === 1 ? 'request' : `${f.remaining} requests`}
          </li>
        ))}
      </ul>
      <ActionButton group="faults" action={{ action: 'clear-faults' }}>
        Remove all faults
      </ActionButton>
    </>
  );
}

/** Makes the next request of an operation fail in a chosen way, to rehearse what the desk then shows. */
export function FaultControls() {
  const busy = useSandboxControls((s) => !!s.busy.faults);
  const act = useSandboxControls((s) => s.act);
  const refused = useSandboxControls((s) => s.refused);
  const id = useId();
  const [operation, setOperation] = useState<FaultOperation>('createWithdrawal');
  const [fault, setFault] = useState<FaultKind>('drop-after');
  const [retryAfter, setRetryAfter] = useState('');
  const [delay, setDelay] = useState('3000');
  const [count, setCount] = useState('1');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const add = () => {
    const found: Record<string, string> = {};
    const times = whole(count);
    if (times === null || times < 1 || times > 20) found.count = 'Enter a whole number from 1 to 20.';
    const wait = retryAfter.trim() ? whole(retryAfter) : undefined;
    if (fault === 'throttle' && (wait === null || (wait !== undefined && (wait < 1 || wait > 3600))))
      found.retryAfter = 'Enter whole seconds from 1 to 3600, or leave empty for a 429 without retry_after.';
    const ms = whole(delay);
    if (fault === 'latency' && (ms === null || ms < 1 || ms > 120_000))
      found.delay = 'Enter milliseconds from 1 to 120000.';
    setErrors(found);
    if (Object.keys(found).length) return refused('faults');
    void act('faults', {
      action: 'inject-fault',
      operation,
      fault,
      count: times ?? 1,
      ...(fault === 'throttle' && wait ? { retryAfterSeconds: wait } : {}),
      ...(fault === 'latency' && ms ? { delayMs: ms } : {}),
    });
  };

  return (
    <ControlGroupPanel group="faults" onSubmit={add}>
      <div className="form--row">
        <div className="field">
          <label htmlFor={`${id}-op`}>Operation</label>
          <select
            id={`${id}-op`}
            value={operation}
            onChange={(e) => setOperation(e.target.value as FaultOperation)}
          >
            {(Object.keys(OPERATION_LABELS) as FaultOperation[]).map((op) => (
              <option key={op} value={op}>
                {OPERATION_LABELS[op]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-kind`}>How it fails</label>
          <select id={`${id}-kind`} value={fault} onChange={(e) => setFault(e.target.value as FaultKind)}>
            {(Object.keys(FAULT_LABELS) as FaultKind[]).map((kind) => (
              <option key={kind} value={kind}>
                {FAULT_LABELS[kind]}
              </option>
            ))}
          </select>
        </div>
        {fault === 'throttle' && (
          <Field
            id={`${id}-retry`}
            label="Retry after, seconds (optional)"
            inputMode="numeric"
            {...bindValue(retryAfter, setRetryAfter)}
            error={errors.retryAfter}
          />
        )}
        {fault === 'latency' && (
          <Field
            id={`${id}-delay`}
            label="Delay, milliseconds"
            inputMode="numeric"
            {...bindValue(delay, setDelay)}
            error={errors.delay}
          />
        )}
        <Field
          id={`${id}-count`}
          label="For how many requests"
          inputMode="numeric"
          {...bindValue(count, setCount)}
          error={errors.count}
        />
      </div>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          Add fault
        </button>
      </div>
      <ResultLine group="faults" what="The fault" />
      <PendingFaults />
    </ControlGroupPanel>
  );
}
