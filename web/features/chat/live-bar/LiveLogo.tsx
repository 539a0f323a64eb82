import { useEffect, useState } from 'react';
import { resolveLogo } from '../../../components/logo.ts';
import styles from './live-bar.module.css';

/** A logo by the SPEC §2 rule (components/logo.ts); shows nothing when it fails. */
export function LiveLogo({ value, alt }: { value: string | null; alt: string }) {
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
  if (!src) return null;
  return (
    <img
      className={styles.logo}
      src={src}
      alt={alt}
      onError={() => {
        console.warn(`Logo "${value}" konnte nicht geladen werden.`);
        setSrc(null);
      }}
    />
  );
}
