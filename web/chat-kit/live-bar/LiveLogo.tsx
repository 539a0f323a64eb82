import { useLogoSrc } from '../../components/use-logo-src.ts';
import styles from './live-bar.module.css';

/** A logo by the SPEC §2 rule (components/logo.ts), smaller in a chat's header; nothing when it fails. */
export function LiveLogo({
  value,
  alt,
  small = false,
}: {
  value: string | null;
  alt: string;
  small?: boolean;
}) {
  const { src, onError } = useLogoSrc(value);
  if (!src) return null;
  return <img className={small ? styles.headerLogo : styles.logo} src={src} alt={alt} onError={onError} />;
}
