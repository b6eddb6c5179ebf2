import { useCallback } from 'react';

/**
 * Shows a picked file before it is uploaded. The object URL lives exactly as long as the
 * <img> shows this file: made when the ref attaches, revoked when it detaches or changes.
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
  return <img ref={attach} alt={alt} className={className} />;
}
