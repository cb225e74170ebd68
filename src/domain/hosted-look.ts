// How a partner asks a hosted page to look: the options the kyc and open-banking calls carry, checked when the
// session is created and applied by the page's shell (src/hosted/page.ts).

export interface PageLook {
  readonly language: string;
  readonly theme: 'dark' | 'light';
  /** Without framing: no header band, border or margin (for partners that embed the page). */
  readonly blank: boolean;
  /** CSS sizes of the widget container, already checked against `cssSizePattern`. */
  readonly width?: string;
  readonly height?: string;
  readonly forceMobile: boolean;
}

export const defaultLook: PageLook = { language: 'en', theme: 'dark', blank: false, forceMobile: false };

/** A CSS length a partner may give for width and height: a number with a unit, or auto. Checked before use. */
export const cssSizePattern = '^(auto|[0-9]{1,4}(\\.[0-9]{1,2})?(px|%|rem|em|vw|vh))$';

/**
 * The one locale rule both pages share: the first supported language a partner's locale names (`pt-BR` → pt), else
 * the first supported (English). A partner may send any locale its provider supports; ours are these.
 */
export function pickLanguage<L extends string>(requested: string | undefined, supported: readonly L[]): L {
  const base = (requested ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (supported as readonly string[]).includes(base) ? (base as L) : (supported[0] as L);
}
