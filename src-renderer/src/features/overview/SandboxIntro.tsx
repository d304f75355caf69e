/**
 * What the Sandbox is, said where the user first meets it (Overview, only while the Sandbox profile is
 * active): no one should wonder whether money moved.
 */
export function SandboxIntro() {
  return (
    <div className="notice notice--sandbox" data-testid="sandbox-intro">
      <p className="notice__title">You are in the Sandbox.</p>
      <p>
        The Sandbox is a built-in simulation with play money; nothing here moves real funds. Use it to learn
        the app and rehearse invoices and withdrawals. To work with your real merchant account, add a live
        profile in Settings.
      </p>
      <p>
        <a href="#/settings">Open Settings</a>
      </p>
    </div>
  );
}
