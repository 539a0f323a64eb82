import { useEffect, useState } from 'react';
import { resolveLogo } from './logo.ts';

/**
 * The address of a logo by the SPEC §2 rule (logo.ts), or null while loading or when it fails; the
 * returned onError logs the failure and hides the image. Shared by the author and respondent top bars.
 */
export function useLogoSrc(value: string | null | undefined): { src: string | null; onError: () => void } {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    setSrc(null);
    void resolveLogo(value).then((resolved) => {
      if (current) setSrc(resolved);
    });
    return () => {
      current = false;
    };
  }, [value]);
  return {
    src,
    onError: () => {
      console.warn(`Logo "${value}" konnte nicht geladen werden.`);
      setSrc(null);
    },
  };
}
