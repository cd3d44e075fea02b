// The proof-of-work captcha of the renewal page (altcha), loaded only there. It talks to our
// own server alone: the challenge comes from GET /public/captcha and the links to the vendor's
// site (logo, footer) are hidden.
import 'altcha';
import 'altcha/i18n/es-419';
import type {} from 'altcha/types/react';
import { useEffect, useRef } from 'react';

export interface CaptchaWidgetProps {
  challengeUrl: string;
  /** The payload once solved; null while unsolved or expired. */
  onChange: (payload: string | null) => void;
}

const CONFIGURATION = JSON.stringify({ hideFooter: true, hideLogo: true, credentials: 'include' });

export default function CaptchaWidget({ challengeUrl, onChange }: CaptchaWidgetProps) {
  const widget = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string | null }>).detail;
      onChange(state === 'verified' && payload ? payload : null);
    };
    element.addEventListener('statechange', onStateChange);
    return () => element.removeEventListener('statechange', onStateChange);
  }, [onChange]);

  return <altcha-widget ref={widget} challenge={challengeUrl} language="es-419" configuration={CONFIGURATION} />;
}
