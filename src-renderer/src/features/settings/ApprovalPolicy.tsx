import { useCallback, useEffect, useRef, useState } from 'react';
import type { ErrorInfo, PolicyPreview, PolicyView } from '@contract';
import { ErrorNotice, LoadingSkeleton, NOTHING_SENT } from '../../components/StateViews';
import { callMerchant, subscribe } from '../../lib/ipc';
import { emptyRule, moveRule, toForm, toRule, type RuleForm } from './policy-form';
import { PolicyPreviewTable } from './PolicyPreviewTable';
import { PublishedPolicy } from './PublishedPolicy';
import { RuleEditor } from './RuleEditor';
import './policy.css';
import { RunButton } from '../../components/forms/SubmitButton';
import { TitledSection } from '../../components/TitledSection';

type Problem = { title: string; error: ErrorInfo } | null;

/** What a policy read says that another desk can change: the published version and the newest draft. */
const versionOf = (view: PolicyView) => `${view.published?.version ?? 0}:${view.draft?.id ?? ''}`;

/**
 * The team's approval policy (issue 28 item 2). Everyone reads the published one in words; an admin
 * edits ordered rules, saves them as a draft in the team's ledger, sees what the draft would have done
 * to the last month's withdrawals, and publishes it after main's confirmation. The ledger decides
 * who may: the editor only spares a non-admin the refusal.
 */
export function ApprovalPolicy() {
  const [view, setView] = useState<PolicyView | null>(null);
  const [loadError, setLoadError] = useState<ErrorInfo | null>(null);
  const [rules, setRules] = useState<RuleForm[]>([]);
  /** The saved draft the rules on screen are; null once they are edited after saving. */
  const [draftId, setDraftId] = useState<string | null>(null);
  const [preview, setPreview] = useState<PolicyPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const [done, setDone] = useState<string | null>(null);
  /** The rules on screen were edited since they were read: another desk's change must not replace them. */
  const edited = useRef(false);
  /** What another desk saved or published while this person was editing, offered instead of applied. */
  const [newer, setNewer] = useState<PolicyView | null>(null);

  const take = useCallback((next: PolicyView) => {
    edited.current = false;
    setNewer(null);
    setView(next);
    const start = next.draft?.rules ?? next.published?.rules;
    setRules(start ? start.map(toForm) : [{ ...emptyRule(), action: 'require' }]);
    setDraftId(next.draft?.id ?? null);
  }, []);
  const load = useCallback(async () => {
    const result = await callMerchant((api) => api.approvals.policyGet());
    if (result.ok) {
      setLoadError(null);
      take(result.data);
    } else setLoadError(result.error);
  }, [take]);
  useEffect(() => {
    void load();
  }, [load]);
  // Another desk saved a draft or published (md_team's notice, main's team:changed): the editor follows
  // it, unless this person is editing; then the published policy shown follows and the rest is offered.
  const shown = useRef<PolicyView | null>(null);
  useEffect(() => {
    shown.current = view;
  }, [view]);
  const reread = useCallback(async () => {
    const result = await callMerchant((api) => api.approvals.policyGet());
    if (!result.ok || (shown.current && versionOf(shown.current) === versionOf(result.data))) return;
    if (!edited.current) return take(result.data);
    setView(result.data);
    setNewer(result.data);
  }, [take]);
  useEffect(() => subscribe('team:changed', () => void reread()), [reread]);

  const edit = (next: RuleForm[]) => {
    edited.current = true;
    setRules(next);
    setDraftId(null);
    setPreview(null);
    setDone(null);
  };
  const run = async <T,>(
    title: string,
    call: () => Promise<{ ok: true; data: T } | { ok: false; error: ErrorInfo }>,
  ) => {
    setBusy(true);
    setProblem(null);
    setDone(null);
    const result = await call();
    setBusy(false);
    if (!result.ok) setProblem({ title, error: result.error });
    return result.ok ? result.data : null;
  };
  const save = async () => {
    const saved = await run('The draft was not saved.', () =>
      callMerchant((api) => api.approvals.policySaveDraft({ rules: rules.map(toRule) })),
    );
    if (saved) {
      // The rules on screen are now the ledger's draft: the team's notice of it is no one else's change.
      edited.current = false;
      setNewer((seen) => (seen?.draft?.id === saved.id ? null : seen));
      setDraftId(saved.id);
      setDone(`Draft #${saved.id} is saved in the team’s ledger. Preview it, then publish it.`);
    }
  };
  const runPreview = async () => {
    const result = await run('The preview could not be made.', () =>
      callMerchant((api) => api.approvals.policyPreview({ rules: rules.map(toRule) })),
    );
    if (result) setPreview(result);
  };
  const publish = async () => {
    if (draftId === null) return;
    const result = await run('The policy was not published.', () =>
      callMerchant((api) => api.approvals.policyPublish({ id: draftId })),
    );
    if (result) {
      take(result);
      setDone(
        `Version ${result.published?.version ?? '?'} is published: every withdrawal submitted from now on is judged by it.`,
      );
    }
  };

  return (
    <TitledSection name="approval-policy" className="approval-policy" level={3} title="Approval policy">
      {view === null && !loadError && <LoadingSkeleton rows={2} label="Loading the approval policy…" />}
      {loadError && (
        <ErrorNotice
          title="The approval policy could not be read."
          error={loadError}
          sent={NOTHING_SENT}
          onRetry={() => void load()}
        />
      )}
      {view && <PublishedPolicy published={view.published} />}
      {newer && view?.canEdit && (
        <p role="status" data-testid="policy-changed-elsewhere">
          The policy changed on another desk
          {newer.draft ? ` (draft #${newer.draft.id} by ${newer.draft.draftedBy})` : ''}. Your edits here are
          kept and not saved.{' '}
          <button type="button" className="button button--small" onClick={() => take(newer)}>
            Show the team’s latest instead
          </button>
        </p>
      )}
      {view?.canEdit && (
        <div className="policy-editor" data-testid="policy-editor">
          <h4>Draft</h4>
          <p className="muted">
            Rules are tried in order and the first that matches decides, so put a narrow rule (a block, say)
            before a broad one. Every condition filled in must match; an empty one matches anything.
          </p>
          <ol className="policy-rules">
            {rules.map((rule, i) => (
              <RuleEditor
                key={rule.key}
                rule={rule}
                index={i}
                count={rules.length}
                fieldErrors={problem?.error.fieldErrors}
                onChange={(next) => edit(rules.map((r) => (r.key === rule.key ? next : r)))}
                onMove={(by) => edit(moveRule(rules, i, by))}
                onRemove={() => edit(rules.filter((r) => r.key !== rule.key))}
              />
            ))}
          </ol>
          <div className="form__actions">
            <RunButton
              busy={busy}
              disabled={rules.length >= 100}
              run={() => edit([...rules, emptyRule()])}
              testId="policy-add-rule"
            >
              Add a rule
            </RunButton>
            <RunButton busy={busy} run={save} testId="policy-save">
              Save draft
            </RunButton>
            <RunButton busy={busy} run={runPreview} testId="policy-preview-run">
              What it would have done (last 30 days)
            </RunButton>
            <RunButton
              className="button button--primary"
              busy={busy}
              disabled={draftId === null}
              run={publish}
              testId="policy-publish"
            >
              Publish…
            </RunButton>
          </div>
          {draftId === null && (
            <p className="muted" data-testid="policy-unsaved">
              Save the draft to publish it: what is published is the draft as the team’s ledger holds it.
            </p>
          )}
        </div>
      )}
      {done && (
        <p role="status" data-testid="policy-done">
          {done}
        </p>
      )}
      {problem && (
        <ErrorNotice title={problem.title} error={problem.error} sent="Nothing was published or sent." />
      )}
      {preview && view?.canEdit && <PolicyPreviewTable preview={preview} />}
    </TitledSection>
  );
}
