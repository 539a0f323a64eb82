import Box from '@mui/material/Box';
import { LAYOUT } from '../../contract/constants.ts';
import { useLogoSrc } from './use-logo-src.ts';

/** A logo by the SPEC §2 rule (https, /img or a bundled svg by name); shows nothing when it fails. */
export function Logo({ value, alt }: { value: string | null | undefined; alt: string }) {
  const { src, onError } = useLogoSrc(value);
  if (!src) return null;
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      onError={onError}
      sx={{
        display: 'block',
        maxHeight: LAYOUT.logoMaxHeight,
        maxWidth: { xs: LAYOUT.logoMaxWidthPhone, sm: LAYOUT.logoMaxWidth },
      }}
    />
  );
}
