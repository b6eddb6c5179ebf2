import { Button, useToast } from '@vitrine/ui';
import { useState } from 'react';
import { errorMessage, isUnauthorized } from '../../../lib/errors';
import { createPreview } from '../api/create-preview';
import type { ContentType } from '../content-type';
import type { ContentValues } from '../content-values';
import type { ContentForm } from '../hooks/useContentForm';

/**
 * "Preview": the public page as the form stands, saved or not, in a new tab. The tab opens
 * at the click (a tab opened after waiting for the API would be taken for a pop-up) and is
 * sent to the signed link once the API has made it.
 */
export function PreviewButton<P extends string, X extends string>({
  type,
  id,
  form,
}: {
  type: ContentType<P, X>;
  id: string | undefined;
  form: ContentForm;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  const preview = async () => {
    const tab = window.open('about:blank', '_blank');
    setBusy(true);
    try {
      const link = await createPreview(type, id, form.getValues() as ContentValues<X>);
      if (tab) tab.location.href = link.path;
      else toast.info('The browser kept the preview tab from opening: allow pop-ups for this site');
    } catch (error) {
      tab?.close();
      if (!isUnauthorized(error))
        toast.error(`The preview could not be made: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button type="button" variant="secondary" busy={busy} onClick={() => void preview()}>
      Preview
    </Button>
  );
}
