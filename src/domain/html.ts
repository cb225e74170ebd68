const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Escapes text for HTML content and quoted attribute values. Every partner-, customer- or operator-supplied value on
 * a hosted page, a console page or an embed snippet goes through it.
 */
export const esc = (value: unknown): string => String(value ?? '').replace(/[&<>"']/g, (c) => htmlEscapes[c] ?? c);
