/** Bundled logos (web/assets/logos/*.svg), each loaded only when asked for. */
const BUNDLED = import.meta.glob<string>('../assets/logos/*.svg', { query: '?url', import: 'default' });

export const PRODUCT_LOGO = 'dialogwerk';

/** The product logo for the light or the dark theme (its lettering must stay readable). */
export const productLogo = (mode: 'light' | 'dark') =>
  mode === 'dark' ? `${PRODUCT_LOGO}-dark` : PRODUCT_LOGO;

export type LogoSource = { kind: 'url'; src: string } | { kind: 'asset'; name: string } | { kind: 'none' };

/**
 * SPEC §2 logo rule: a value starting with https or /img is used as it is; anything else names a
 * bundled svg asset. Uploaded media (/media/…, issue 3) are served by this server and count as
 * addresses too, or an uploaded logo could never show.
 */
export function classifyLogo(value: string | null | undefined): LogoSource {
  const v = value?.trim();
  if (!v) return { kind: 'none' };
  if (v.startsWith('https') || v.startsWith('/img') || v.startsWith('/media/'))
    return { kind: 'url', src: v };
  return { kind: 'asset', name: v.replace(/\.svg$/i, '') };
}

/** Client config logo_src first, else the dialog's own logo. */
export function pickLogoValue(
  configLogo: string | null | undefined,
  dialogLogo: string | null | undefined,
): string | null {
  return configLogo?.trim() || dialogLogo?.trim() || null;
}

/** The address of a bundled svg by name; a missing one is logged and gives null. */
export async function bundledLogoUrl(name: string): Promise<string | null> {
  const load = BUNDLED[`../assets/logos/${name}.svg`];
  if (!load) {
    console.warn(`Logo "${name}" gibt es nicht als gebündeltes SVG.`);
    return null;
  }
  try {
    return await load();
  } catch (error) {
    console.warn(`Logo "${name}" konnte nicht geladen werden.`, error);
    return null;
  }
}

/** Resolves a logo value to an image address, or null when nothing should show. */
export async function resolveLogo(value: string | null | undefined): Promise<string | null> {
  const source = classifyLogo(value);
  if (source.kind === 'url') return source.src;
  if (source.kind === 'asset') return bundledLogoUrl(source.name);
  return null;
}
