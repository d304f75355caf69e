/** What the Sandbox is, said where the user first meets it: no one should wonder whether money moved. */
export function SandboxIntro({ compact = false }: { compact?: boolean }) {
  return (
    <div className="notice notice--sandbox" data-testid="sandbox-intro">
      <p className="notice__title">You are in the Sandbox.</p>
      <p>
        The Sandbox is a built-in simulation with play money; nothing here moves real funds. Use it to learn
        the app and rehearse invoices and withdrawals.
        {compact && ' To work with your real merchant account, add a live profile in Settings.'}
      </p>
      {compact && (
        <p>
          <a href="#/settings">Open Settings</a>
        </p>
      )}
    </div>
  );
}
