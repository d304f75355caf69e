import { useState } from 'react';
import type { ErrorInfo, ReconPrintResult } from '@contract';
import { ErrorNotice } from '../StateViews';
import { callMerchant } from '../../lib/ipc';
import { BOOKS_WORDS as W } from './books-words';
import { RunButton } from '../forms/SubmitButton';

const STYLE = /<style>([\s\S]*?)<\/style>/;

/**
 * Prints the page main built through the browser's own dialog (its "Save as PDF" included): in a
 * frame of its own, never in the app's page. Used where main cannot print (the browser host). A
 * srcdoc frame keeps the app's content policy, which refuses the page's own <style>: its rules are
 * given to the frame as a constructed stylesheet instead, which the policy does not govern.
 */
function printInFrame(html: string): void {
  const css = STYLE.exec(html)?.[1] ?? '';
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText = 'position:fixed;width:0;height:0;border:0;';
  frame.srcdoc = html.replace(STYLE, '');
  frame.onload = () => {
    const view = frame.contentWindow as (Window & typeof globalThis) | null;
    if (view && frame.contentDocument && css) {
      const sheet = new view.CSSStyleSheet();
      sheet.replaceSync(css);
      frame.contentDocument.adoptedStyleSheets = [sheet];
    }
    view?.print();
    setTimeout(() => frame.remove(), 60_000);
  };
  document.body.append(frame);
}

/** "Print report (PDF)" of a closed reconciliation session (issue 29). */
export function PrintReport({ sessionId }: { sessionId: string }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ReconPrintResult | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);
  async function run() {
    if (busy) return;
    setBusy(true);
    setError(null);
    const answer = await callMerchant((api) => api.reconcile.print({ id: sessionId }));
    setBusy(false);
    if (!answer.ok) return setError(answer.error);
    setResult(answer.data);
    if (answer.data.kind === 'html') printInFrame(answer.data.html);
  }
  return (
    <div className="print-report">
      <RunButton busy={busy} busyText={W.printing} run={run} testId="recon-print">
        {W.print}
      </RunButton>
      {error && <ErrorNotice title={W.printFailed} error={error} />}
      {result?.kind === 'pdf' && (
        <p role="status" data-testid="recon-printed">
          {result.path ? W.printedTo(result.path) : W.cancelled}
        </p>
      )}
      {result?.kind === 'html' && (
        <p role="status" data-testid="recon-printed">
          {W.printDialog}
        </p>
      )}
    </div>
  );
}
