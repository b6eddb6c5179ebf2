import { localeInfo } from '@vitrine/contracts';
import type { Enquiry } from '@vitrine/api-client';
import { languageName } from '../../../lib/site-languages';

/** The language an enquiry was written from (issue 36), if the API says. */
export const localeOf = (enquiry: Enquiry): string | undefined =>
  (enquiry as Enquiry & { locale?: string }).locale;

/**
 * The language a visitor wrote from (issue 36): its name in itself, marked with its `lang`
 * ("हिन्दी"), and in English for a screen reader and on hover when that differs. Nothing
 * for an enquiry sent before languages existed.
 */
export function EnquiryLanguage({ locale }: { locale?: string | null }) {
  if (!locale) return null;
  const info = localeInfo(locale);
  const native = info?.nativeName ?? locale;
  const english = languageName(locale);
  if (native === english) return <span>{english}</span>;
  return (
    <span title={english}>
      <span lang={locale}>{native}</span>
      <span className="vt-visually-hidden">{` (${english})`}</span>
    </span>
  );
}
