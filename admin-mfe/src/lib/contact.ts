/** `tel:` for a number as people write it ("+91 98290-12345"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
