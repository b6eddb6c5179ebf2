import './upload-progress.css';

/** The bar under a form while its files go up, read out as a percentage. */
export function UploadProgress({
  fraction,
  label = 'Upload',
}: {
  fraction: number;
  label?: string;
}) {
  const percent = Math.round(fraction * 100);
  return (
    <div className="adm-progress">
      <progress
        className="adm-progress__bar"
        max={100}
        value={percent}
        aria-label={`${label} progress`}
      />
      <span className="adm-progress__text" aria-live="polite">
        {percent < 100 ? `${label}: ${percent}%` : `${label}: processing…`}
      </span>
    </div>
  );
}
