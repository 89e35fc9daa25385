import { Component, type ErrorInfo, type ReactNode } from 'react';

interface RouteErrorBoundaryProps {
  /** The current location: after navigating elsewhere the fallback gives way to the new page. */
  resetKey: string;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  error: Error | null;
  failedAt: string | null;
}

/** SPEC.md section 2: a render failure below the router shows 'Unexpected Application Error!'. */
export class RouteErrorBoundary extends Component<
  RouteErrorBoundaryProps,
  RouteErrorBoundaryState
> {
  override state: RouteErrorBoundaryState = { error: null, failedAt: null };

  static getDerivedStateFromError(thrown: unknown): Partial<RouteErrorBoundaryState> {
    return {
      error: thrown instanceof Error ? thrown : new Error(String(thrown)),
      failedAt: null,
    };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    this.setState({ failedAt: this.props.resetKey });
    console.error('Unexpected application error', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error, failedAt } = this.state;
    // failedAt is set just after the error is caught, so null also means "failed here".
    if (error && (failedAt === null || failedAt === this.props.resetKey)) {
      return (
        <main id="main" className="app-main" tabIndex={-1}>
          <div className="page page--narrow">
            <h1>Unexpected Application Error!</h1>
            <p className="error-message">{error.message}</p>
          </div>
        </main>
      );
    }
    return this.props.children;
  }
}
