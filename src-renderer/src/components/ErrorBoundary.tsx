import { Component, type ErrorInfo as ReactErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Names the screen in the message, so the user knows what failed and that the rest still works. */
  area: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** One per screen: a rendering bug in one screen leaves the navigation and other screens usable. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ReactErrorInfo): void {
    console.error(`[${this.props.area}] render failed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="notice notice--error" role="alert" data-testid="screen-error">
        <p className="notice__title">
          The {this.props.area} screen stopped because of a fault in Merchant Desk.
        </p>
        <p>
          Nothing was sent to the payment service while this happened, and the other screens still work.
          Reload the screen; if it stops again, restart Merchant Desk and tell your administrator.
        </p>
        <details>
          <summary>Technical detail</summary>
          <p className="mono">{this.state.error.message}</p>
        </details>
        <button type="button" className="button" onClick={() => this.setState({ error: null })}>
          Reload the screen
        </button>
      </div>
    );
  }
}
