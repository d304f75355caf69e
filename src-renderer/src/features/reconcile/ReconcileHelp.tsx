/** The rules, in the screen's own words (docs/reconciliation.md says the same at length). */
export function ReconcileHelp() {
  return (
    <details className="recon-help" data-testid="recon-help">
      <summary>How reconciliation works</summary>
      <ul>
        <li>
          <strong>Balances</strong> come from snapshots this desk keeps whenever it reads your balances (at
          most one per asset per minute), and one taken when you start a session that ends now. The snapshot
          used for the start and the end, and its time, are shown in each row.
        </li>
        <li>
          <strong>The balance compared is the total</strong>: available plus frozen. Frozen money is still
          yours, so a pending withdrawal or a held deposit does not change the total.
        </li>
        <li>
          <strong>Expected change</strong>: credits of paid invoices and wallet deposits reported by verified
          webhooks, minus completed withdrawals (the amount debited, fees included). A failed withdrawal
          releases its frozen amount: it is listed, and its effect on the total is zero.
        </li>
        <li>
          <strong>Observed change</strong> is end minus start. A non-zero <strong>difference</strong> is
          flagged and stays an exception: a note records what you found but does not hide it.
        </li>
        <li>
          <strong>Open items</strong>: requests with an unknown outcome, withdrawals still pending or
          processing, verified webhooks for activity this desk did not make (counted only once you acknowledge
          them), and rejected webhook deliveries.
        </li>
        <li>
          A session closes cleanly only with no difference and no open item; otherwise “Close with exceptions”
          records them. Sessions, notes and closes are written into the journal’s hash chain.
        </li>
      </ul>
    </details>
  );
}
