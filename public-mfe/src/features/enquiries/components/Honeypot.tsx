import type { RefObject } from 'react';
import { useTranslation } from '../../../lib/i18n';

/**
 * A field people never see or reach, which form-filling bots tend to complete. It is sent
 * with every enquiry ('' from people); the API files a filled one as spam and answers the
 * same, so a bot cannot tell. Hidden off-screen rather than type=hidden, which bots skip.
 */
export function Honeypot({
  id,
  inputRef,
}: {
  id: string;
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation();
  return (
    <div className="vt-visually-hidden" aria-hidden="true">
      <label htmlFor={id}>{t('form.honeypot')}</label>
      <input
        ref={inputRef}
        id={id}
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}
