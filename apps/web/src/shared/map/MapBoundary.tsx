/** Shows `fallback` instead of a map whose lazy chunk or rendering failed (used by every map of the console). */
import { Component, type ReactNode } from 'react';

export class MapBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    console.error('map failed', error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
