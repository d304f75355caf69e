/**
 * A queued withdrawal's fees and who pays them, in the words of main's withdrawal review (main writes
 * them by the one rule it confirms a send with; the page only shows them). UX rule 11: "Fee payer"
 * is said in plain words there.
 */
export function ApprovalFees({ lines }: { lines: readonly string[] | undefined }) {
  if (!lines || lines.length === 0) return null;
  return (
    <div className="approval__fees" data-testid="approval-fees">
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}
