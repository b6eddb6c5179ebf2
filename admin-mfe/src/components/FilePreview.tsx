import { useCallback } from 'react';

/**
 * Shows a picked file before it is uploaded. The object URL lives exactly as long as the
 * <img> shows this file: made when the ref attaches, revoked when it detaches or changes.
 * The one plain <img> of the admin area on purpose: every uploaded image goes through
 * ResponsiveImage, but a file not uploaded yet has no variants to choose from, only the blob
 * address this ref sets.
 */
export function FilePreview({
  file,
  alt,
  className,
}: {
  file: File;
  alt: string;
  className?: string;
}) {
  const attach = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img) return undefined;
      const url = URL.createObjectURL(file);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
  // eslint-disable-next-line no-restricted-syntax -- a blob preview: see above.
  return <img ref={attach} alt={alt} className={className} />;
}
