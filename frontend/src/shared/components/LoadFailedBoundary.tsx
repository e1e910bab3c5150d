import { Component, type ReactNode } from 'react';

type Props = {
  /** What shows instead of the children once one of them has thrown (a chunk that would not load). */
  fallback: ReactNode;
  children: ReactNode;
};

/**
 * Keeps a failure to render (most often code that could not be fetched) to its own part of the
 * page instead of leaving the whole page blank.
 */
export class LoadFailedBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
