import { useRef, useState } from 'react';
import { loadRemoteVersion, type RemoteName } from './remotes';

const REMOTES: { name: RemoteName; label: string }[] = [
  { name: 'public_mfe', label: 'Public site' },
  { name: 'admin_mfe', label: 'Admin area' },
];

/**
 * A quiet line at the very bottom that tells an operator which build of each part is
 * deployed. The remotes' versions are fetched only when it is opened.
 */
export function DeployedVersions() {
  const [versions, setVersions] = useState<Record<string, string> | null>(null);
  const requested = useRef(false);

  const load = async () => {
    if (requested.current) return;
    requested.current = true;
    const entries = await Promise.all(
      REMOTES.map(({ name }) =>
        loadRemoteVersion(name).then(
          (found) => [name, found.version] as const,
          () => [name, 'not reachable'] as const,
        ),
      ),
    );
    setVersions(Object.fromEntries(entries));
  };

  return (
    <aside className="deployed-versions" aria-label="Site versions">
      <details onToggle={(event) => event.currentTarget.open && void load()}>
        <summary>Site versions</summary>
        <dl data-testid="deployed-versions">
          <dt>Shell</dt>
          <dd>{__APP_VERSION__}</dd>
          {REMOTES.map(({ name, label }) => (
            <div key={name}>
              <dt>{label}</dt>
              <dd>{versions ? versions[name] : 'loading…'}</dd>
            </div>
          ))}
        </dl>
      </details>
    </aside>
  );
}
