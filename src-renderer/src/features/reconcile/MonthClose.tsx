import { useEffect, useId } from 'react';
import type { CloseSteps, ReconSessionView } from '@contract';
import { BusyButton } from '../../components/forms/SubmitButton';
import { bindValue } from '../../components/forms/bind';
import { useNetworkNames } from '../../stores/use-network-names';
import { AssetTable } from './AssetTable';
import { CloseForm } from './CloseForm';
import { CoverageStep } from './CoverageStep';
import { OpenItems } from './OpenItems';
import { GUIDE_STEPS, monthPeriod, useReconcileStore, type GuideStep } from './reconcile-store';

const STEP_NAMES: Record<GuideStep, string> = {
  coverage: 'Coverage',
  'open-items': 'Open items and unknowns',
  differences: 'Differences',
  close: 'Close with a note',
};
const STATUS_WORDS = { clear: 'clear', action: 'needs you', exceptions: 'noted, exceptions' } as const;

function statusOf(steps: CloseSteps, step: GuideStep): string | null {
  if (step === 'close') return steps.cleanClose ? 'can close clean' : 'only with exceptions';
  const key = step === 'open-items' ? 'openItems' : step;
  return STATUS_WORDS[steps[key].status];
}

/** The steps in order; a step is reachable once every step before it is no longer waiting on a person. */
function Stepper({ steps, current }: { steps: CloseSteps; current: GuideStep }) {
  const setGuide = useReconcileStore((s) => s.setGuide);
  const reachable = GUIDE_STEPS.indexOf(steps.next);
  return (
    <ol className="recon-steps" data-testid="recon-steps">
      {GUIDE_STEPS.map((step, index) => (
        <li key={step}>
          <button
            type="button"
            className="recon-steps__step"
            aria-current={step === current ? 'step' : undefined}
            disabled={index > reachable}
            onClick={() => setGuide({ step })}
            data-testid={`recon-step-${step}-tab`}
          >
            {index + 1}. {STEP_NAMES[step]}
            <span className="recon-steps__status">{statusOf(steps, step)}</span>
          </button>
        </li>
      ))}
    </ol>
  );
}

function StepBody({
  session,
  steps,
  step,
}: {
  session: ReconSessionView;
  steps: CloseSteps;
  step: GuideStep;
}) {
  const names = useNetworkNames();
  const open = session.state === 'open';
  const only = (keys: readonly string[]) => session.items.filter((i) => keys.includes(i.key));
  if (step === 'coverage') return <CoverageStep session={session} steps={steps} />;
  if (step === 'open-items')
    return (
      <div data-testid="recon-step-open-items">
        <OpenItems items={only(steps.openItems.keys)} open={open} />
      </div>
    );
  if (step === 'differences')
    return (
      <div data-testid="recon-step-differences">
        <AssetTable lines={session.lines} names={names} />
        {steps.differences.keys.length > 0 && <OpenItems items={only(steps.differences.keys)} open={open} />}
      </div>
    );
  return (
    <div data-testid="recon-step-close">
      {open ? (
        <CloseForm session={session} />
      ) : (
        <p className="notice notice--good" data-testid="recon-month-closed">
          Closed {session.closed?.withExceptions ? 'with exceptions ' : ''}by {session.closed?.by}: “
          {session.closed?.note}”
        </p>
      )}
    </div>
  );
}

/**
 * The guided month-end close on the Reconcile screen: pick a month (last month by default), then
 * coverage before anything else, then open items and unknowns, then differences, then the close.
 * It runs on the ordinary session; main decides every step's state, this shows it.
 */
export function MonthClose({ session }: { session: ReconSessionView | null }) {
  const guide = useReconcileStore((s) => s.guide);
  const setGuide = useReconcileStore((s) => s.setGuide);
  const startMonth = useReconcileStore((s) => s.startMonth);
  const leave = useReconcileStore((s) => s.leaveGuide);
  const busy = useReconcileStore((s) => s.busy === 'start');
  const id = useId();
  const first = session?.steps?.next;
  // Opened on the first step that needs a person; from then on the step is the person's to change.
  useEffect(() => {
    if (guide && guide.step === null && first) setGuide({ step: first });
  }, [guide, first, setGuide]);
  if (!guide) return null;
  const period = monthPeriod(guide.month);
  const ours =
    session && period && session.period.from === period.from && session.period.to === period.to
      ? session
      : null;
  const steps = ours?.steps ?? null;
  const step = guide.step ?? steps?.next ?? 'coverage';
  const next = steps ? GUIDE_STEPS[GUIDE_STEPS.indexOf(step) + 1] : undefined;
  const canGoOn = steps && next && GUIDE_STEPS.indexOf(next) <= GUIDE_STEPS.indexOf(steps.next);
  return (
    <section className="recon-month panel" aria-labelledby={`${id}-title`} data-testid="recon-month-close">
      <h2 id={`${id}-title`}>Close a month</h2>
      <form
        className="recon-start"
        onSubmit={(e) => {
          e.preventDefault();
          void startMonth(guide.month);
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-month`}>Month</label>
          <input
            id={`${id}-month`}
            type="month"
            {...bindValue(guide.month, (month) => setGuide({ month, step: null }))}
            data-testid="recon-month"
          />
        </div>
        <BusyButton busy={busy} busyText="Checking…" testId="recon-month-start">
          {ours ? 'Check again' : 'Check coverage'}
        </BusyButton>
        <button type="button" className="button" onClick={leave} data-testid="recon-month-leave">
          Leave the guided close
        </button>
      </form>
      {ours && steps && (
        <>
          <p className="muted">
            Session {ours.id}: every step below is this session's; nothing is closed until step 4.
          </p>
          <Stepper steps={steps} current={step} />
          <StepBody session={ours} steps={steps} step={step} />
          {next && (
            <button
              type="button"
              className="button button--primary recon-month__next"
              disabled={!canGoOn}
              onClick={() => setGuide({ step: next })}
              data-testid="recon-month-next"
            >
              Next: {STEP_NAMES[next]}
            </button>
          )}
        </>
      )}
    </section>
  );
}
