import type { CSSProperties, DetailedHTMLProps, HTMLAttributes } from 'react';

/** `<altcha-widget>` in JSX (React 19 passes these as properties of the custom element). */
interface AltchaWidgetProps extends DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> {
  challenge?: string;
  configuration?: string;
  language?: string;
  name?: string;
  auto?: 'off' | 'onfocus' | 'onload' | 'onsubmit';
  type?: 'native' | 'checkbox' | 'switch';
  display?: 'standard' | 'bar' | 'floating' | 'overlay' | 'invisible';
  workers?: number;
  style?: CSSProperties & Record<`--altcha-${string}`, string | number>;
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': AltchaWidgetProps;
    }
  }
}
