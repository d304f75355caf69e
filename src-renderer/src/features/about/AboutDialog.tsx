import { useEffect, useRef, type KeyboardEvent } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { ErrorNotice, NOTHING_SENT } from '../../components/StateViews';
import { useAboutStore } from './about-store';
import { ExportStatus } from './ExportStatus';
import './about.css';

const NOT_ELECTRON = 'not running in Electron';
const FOCUSABLE = 'button:not([disabled]), [href], summary, [tabindex]:not([tabindex="-1"])';

/**
 * Tab from the last control goes to the first, Shift+Tab from the first to the last: a modal dialog
 * keeps the page behind it inert, but the browser would otherwise let focus leave for its own UI.
 */
function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal <dialog>: the page behind is inert, Tab cycles inside it, Escape closes it, and focus goes
 * back to what opened it. Opened by Help → About, Help → Export diagnostics, or the
 * link in the navigation.
 */
export function AboutDialog() {
  const { open, about, error, exported, close, exportDiagnostics } = useAboutStore();
  const ref = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // Focus lands on Close: the one action every visit ends with (React's autoFocus runs at mount,
      // while the dialog is still shut, so it is set here).
      closeButton.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="about"
      aria-labelledby="about-title"
      data-testid="about-dialog"
      // Escape and the dialog's own close both end here, so the store never disagrees with the page.
      onClose={close}
      onKeyDown={keepFocusInside}
    >
      <h2 id="about-title">About Merchant Desk</h2>
      {error && <ErrorNotice error={error} title="The versions could not be read" sent={NOTHING_SENT} />}
      {about && (
        <dl className="about__facts" data-testid="about-facts">
          <dt>Version</dt>
          <dd data-testid="about-version">{about.version}</dd>
          <dt>Electron</dt>
          <dd>{about.electron ?? NOT_ELECTRON}</dd>
          <dt>Chromium</dt>
          <dd>{about.chromium ?? NOT_ELECTRON}</dd>
          <dt>Node.js</dt>
          <dd>{about.node}</dd>
          <dt>Operating system</dt>
          <dd>{about.os}</dd>
          <dt>Data folder</dt>
          <dd className="about__with-copy">
            <code className="about__path" data-testid="about-data-dir">
              {about.dataDir}
            </code>
            <CopyButton text={about.dataDir} what="data folder" />
          </dd>
          <dt>Log files</dt>
          <dd>
            <code className="about__path">{about.logDir}</code>
          </dd>
        </dl>
      )}
      <section className="about__diagnostics" aria-labelledby="about-diagnostics">
        <h3 id="about-diagnostics">Diagnostics for support</h3>
        <p>
          Saves a zip file with the logs, these versions, the journal&apos;s check and counts, the profiles
          and settings. It never holds an API key, a signature or any other secret.
        </p>
        <button
          type="button"
          className="button"
          onClick={() => void exportDiagnostics()}
          disabled={exported.state === 'running'}
          aria-busy={exported.state === 'running'}
        >
          Export diagnostics…
        </button>
        <ExportStatus exported={exported} />
      </section>
      <div className="about__actions">
        <button ref={closeButton} type="button" className="button button--primary" onClick={close}>
          Close
        </button>
      </div>
    </dialog>
  );
}
