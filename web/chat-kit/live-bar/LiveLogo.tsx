import { useLogoSrc } from '../../components/use-logo-src.ts';
import styles from './live-bar.module.css';

/** A logo by the SPEC §2 rule (components/logo.ts); shows nothing when it fails. */
export function LiveLogo({ value, alt }: { value: string | null; alt: string }) {
  const { src, onError } = useLogoSrc(value);
  if (!src) return null;
  return <img className={styles.logo} src={src} alt={alt} onError={onError} />;
}
