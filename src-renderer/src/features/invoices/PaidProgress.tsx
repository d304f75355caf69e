import { Amount } from '../../components/Money';
import type { Progress } from './invoice-figures';

/**
 * Paid against due as a bar with its figures in words. The bar reaches the end only when the service
 * says the invoice is paid: partial stays visibly short of it, in the warning colour, whatever the
 * figures round to.
 */
export function PaidProgress({
  progress,
  unit,
  network,
}: {
  progress: Progress;
  unit: string;
  network?: string;
}) {
  const { paid, due, percent, complete } = progress;
  const words = complete
    ? `Paid in full: ${paid} of ${due} ${unit}`
    : `${paid} of ${due} ${unit} paid (${percent} %): not complete`;
  return (
    <div
      className={`paid-progress${complete ? ' paid-progress--complete' : ''}`}
      data-testid="paid-progress"
      data-complete={complete}
    >
      <div
        className="paid-progress__track"
        role="progressbar"
        aria-label="Paid so far"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={words}
      >
        <div className="paid-progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <p className="paid-progress__text">
        {complete ? 'Paid in full: ' : 'Paid so far: '}
        <Amount value={paid} unit={unit} /> of <Amount value={due} unit={unit} />
        {network ? ` on ${network}` : ''}
        {complete ? '' : ` — ${percent} %, not complete`}
      </p>
    </div>
  );
}
