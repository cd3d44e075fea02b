/** @jsxImportSource preact */
// Mounts the widget in a shadow root of `host`, so the host page's CSS and the widget's never mix.
import { render } from 'preact';
import { Widget, type WidgetProps } from './Widget';

export interface MountedWidget {
  render(props: WidgetProps): void;
  unmount(): void;
}

export function mountWidget(host: HTMLElement): MountedWidget {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  return {
    render: (props) => render(<Widget {...props} />, root),
    unmount: () => render(null, root),
  };
}
