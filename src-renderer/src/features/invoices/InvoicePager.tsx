import { countLine, INVOICE_PAGE_SIZE, isFiltered, newerCount } from './invoice-page';
import { useInvoicesStore } from './invoices-store';

/** Invoices newer than the list, announced and shown when the person chooses (UX rule 10). */
export function NewerInvoices() {
  const newer = useInvoicesStore((s) => newerCount(s.position));
  const showNewest = useInvoicesStore((s) => s.showNewest);
  const paging = useInvoicesStore((s) => s.paging);
  if (newer === 0) return null;
  return (
    <div className="notice invoice-pager__newer" role="status" data-testid="invoices-newer">
      <span>{newer === 1 ? '1 newer invoice' : `${newer} newer invoices`} since this list was read.</span>
      <button type="button" className="button" onClick={() => void showNewest()} disabled={paging}>
        Show the newest
      </button>
    </div>
  );
}

/** How many invoices there are, which ones are shown, and the way to the others. */
export function InvoicePager({ shown }: { shown: number }) {
  const position = useInvoicesStore((s) => s.position);
  const filtered = useInvoicesStore((s) => isFiltered(s.filter));
  const goTo = useInvoicesStore((s) => s.goTo);
  const paging = useInvoicesStore((s) => s.paging);
  const total = position.total ?? 0;
  const { offset } = position;
  const hasOlder = offset + shown < total;
  return (
    <nav className="invoice-pager" aria-label="Pages of invoices" data-testid="invoice-pager">
      <p className="invoice-pager__count" role="status" data-testid="invoices-count">
        {countLine(position, shown, filtered)}
      </p>
      {(offset > 0 || hasOlder) && (
        <div className="invoice-pager__buttons" aria-busy={paging}>
          <button
            type="button"
            className="button"
            onClick={() => void goTo(Math.max(0, offset - INVOICE_PAGE_SIZE))}
            disabled={paging || offset === 0}
            data-testid="invoices-newer-page"
          >
            Newer
          </button>
          <button
            type="button"
            className="button"
            onClick={() => void goTo(offset + INVOICE_PAGE_SIZE)}
            disabled={paging || !hasOlder}
            data-testid="invoices-older-page"
          >
            Older
          </button>
        </div>
      )}
    </nav>
  );
}
