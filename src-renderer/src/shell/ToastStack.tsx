import { useEffect } from 'react';
import type { Toast } from '@contract';
import { useToastsStore } from './toasts-store';
import './notifications.css';

const TONE: Record<Toast['kind'], string> = {
  'withdrawal-completed': 'good',
  'withdrawal-failed': 'bad',
  'invoice-paid': 'good',
  'wallet-deposit': 'good',
  'approval-waiting': 'good',
};

/** How long a toast stays; a failure stays until dismissed, since it needs someone to look. */
const STAY_MS = 15_000;

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useToastsStore((s) => s.dismiss);
  useEffect(() => {
    if (toast.kind === 'withdrawal-failed') return;
    const timer = setTimeout(() => dismiss(toast.id), STAY_MS);
    return () => clearTimeout(timer);
  }, [toast, dismiss]);
  return (
    <li className={`toast toast--${TONE[toast.kind]}`} data-testid="toast" data-kind={toast.kind}>
      <p className="toast__title">{toast.title}</p>
      <p>{toast.body}</p>
      <div className="toast__actions">
        {toast.kind === 'wallet-deposit' && (
          <a href="#/money-in" onClick={() => dismiss(toast.id)}>
            Open Money in
          </a>
        )}
        {toast.kind === 'approval-waiting' && (
          <a href="#/approvals" onClick={() => dismiss(toast.id)}>
            Open Approvals
          </a>
        )}
        {toast.entryId && (
          <a href={`#/journal?entry=${encodeURIComponent(toast.entryId)}`} onClick={() => dismiss(toast.id)}>
            Open in the Journal
          </a>
        )}
        <button type="button" className="button" onClick={() => dismiss(toast.id)}>
          Dismiss<span className="visually-hidden"> {toast.title}</span>
        </button>
      </div>
    </li>
  );
}

/** The toasts on screen; loaded with its styles when the first toast arrives (shell/Toasts.tsx). */
export function ToastStack({ toasts }: { toasts: readonly Toast[] }) {
  return (
    <section className="toasts" aria-label="Notifications" data-testid="toasts">
      <ol>
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
    </section>
  );
}
