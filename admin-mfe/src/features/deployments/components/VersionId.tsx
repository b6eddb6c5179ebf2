import { VisuallyHidden } from '@vitrine/ui';
import { shortVersion } from '../deployment-state';
import './version-id.css';

/**
 * A version in monospace, shortened where it is long (`3f9a0c1…e98d368`): the whole id is
 * its title (shown on hover) and what screen readers read.
 */
export function VersionId({ version }: { version: string }) {
  const short = shortVersion(version);
  if (short === version) return <code className="adm-version">{version}</code>;
  return (
    <code className="adm-version" title={version}>
      <span aria-hidden="true">{short}</span>
      <VisuallyHidden>{version}</VisuallyHidden>
    </code>
  );
}
