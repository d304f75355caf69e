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
        <p className="notice__title">The {this.props.area} screen could not be shown.</p>
        <p>
          Something in the data it received was not what it expected ({this.state.error.message}). Other
          screens still work. Try again; if this keeps happening, restart Merchant Desk.
        </p>
        <button type="button" className="button" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </div>
    );
  }
}
