import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { LAYOUT } from '../../contract/constants.ts';
import { resolveLogo } from './logo.ts';

/** A logo by the SPEC §2 rule (https, /img or a bundled svg by name); shows nothing when it fails. */
export function Logo({ value, alt }: { value: string | null | undefined; alt: string }) {
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
    <Box
      component="img"
      src={src}
      alt={alt}
      onError={() => {
        console.warn(`Logo "${value}" konnte nicht geladen werden.`);
        setSrc(null);
      }}
      sx={{
        display: 'block',
        maxHeight: LAYOUT.logoMaxHeight,
        maxWidth: { xs: LAYOUT.logoMaxWidthPhone, sm: LAYOUT.logoMaxWidth },
      }}
    />
  );
}
